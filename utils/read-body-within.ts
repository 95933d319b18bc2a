// Reads a request's raw body without ever holding more than the limit: a
// declared length over it is refused before reading, and a body that grows
// past it while arriving is cut off. Webhooks need the exact bytes (the
// signature covers them) and forms need the cap before parsing.
import type { IncomingMessage } from 'node:http'
import { getRequestHeader, setResponseHeader, type H3Event } from 'h3'
import { said } from '../server/messages/said'
import { createSaidError } from './said-error'

// What a refused body may still send before the connection is cut. Closing on
// unread bytes makes the kernel reset the connection, and a reset can reach
// the sender before the 413 does: a browser then shows a network error
// instead of the answer. Reading on (and dropping) a bounded rest avoids that.
export const DRAIN_BYTES = 8 * 1024 * 1024
const DRAIN_MS = 5_000

export function refuseDeclaredOversize(event: H3Event, limit: number): void {
  const declared = Number(getRequestHeader(event, 'content-length') ?? 0)
  if (declared > limit) throw tooLarge(event, declared <= DRAIN_BYTES)
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
      reject(tooLarge(event, true))
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

function tooLarge(event: H3Event, drain: boolean): Error {
  if (drain) discardRest(event.node.req)
  // Past the drain's bound the rest is never read, so the connection cannot be reused.
  else setResponseHeader(event, 'connection', 'close')
  return createSaidError(413, said('error.body-too-large'))
}

function discardRest(req: IncomingMessage): void {
  let left = DRAIN_BYTES
  const cut = () => req.destroy()
  const timer = setTimeout(cut, DRAIN_MS).unref()
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length
    if (left < 0) cut()
  })
  req.once('close', () => clearTimeout(timer))
  req.resume()
}
