// Reads a request's raw body without ever holding more than the limit: a
// declared length over it is refused before reading, and a body that grows
// past it while arriving is cut off. Webhooks need the exact bytes (the
// signature covers them) and forms need the cap before parsing.
import { createError, getRequestHeader, setResponseHeader, type H3Event } from 'h3'

export function refuseDeclaredOversize(event: H3Event, limit: number): void {
  if (Number(getRequestHeader(event, 'content-length') ?? 0) > limit) throw tooLarge(event)
}

export function readBodyWithin(event: H3Event, limit: number): Promise<Buffer> {
  const req = event.node.req
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      stop()
      // Paused, not destroyed: destroying the request would reset the socket
      // before the client could read the 413.
      req.pause()
      reject(tooLarge(event))
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
  })
}

function tooLarge(event: H3Event): Error {
  // The rest of the body is never read, so the connection cannot be reused.
  setResponseHeader(event, 'connection', 'close')
  return createError({ statusCode: 413, statusMessage: 'Body too large' })
}
