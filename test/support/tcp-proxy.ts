// A loopback TCP proxy in front of nats-server, so one client can lose the
// bus while others keep using it: cut() drops its connections and refuses
// new ones, restore() lets the client reconnect.
import { createConnection, createServer, type Server, type Socket } from 'node:net'

export interface TcpProxy {
  readonly url: string
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

const host = '127.0.0.1'

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port: targetPort } = new URL(target)
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(targetPort) })
    track(client)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.once('error', () => upstream.destroy())
    upstream.once('error', () => client.destroy())
    client.once('close', () => upstream.destroy())
    upstream.once('close', () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        const address = server.address()
        resolve(typeof address === 'object' && address !== null ? address.port : port)
      })
    })
  const stop = async () => {
    const closed = new Promise((resolve) => server.close(resolve))
    for (const socket of sockets) socket.destroy()
    await closed
  }
  const port = await listen(0)
  return {
    url: `nats://${host}:${port}`,
    cut: stop,
    restore: async () => {
      await listen(port)
    },
    close: async () => {
      if (server.listening) await stop()
    },
  }
}
