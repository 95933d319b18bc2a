// Starts the development identity provider on its own loopback port, in this
// process. Only development mode without IDP_URL gets here.
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { log } from '../../log'
import type { Provider } from '../sign-in-settings'
import { createDevDirectory } from './directory'
import { createDevIdpListener } from './interactions'
import { DEMO_PEOPLE } from './people'
import { createDevProvider } from './provider'
import { createDevScim } from './scim'

const HOST = '127.0.0.1'
const DEV_CLIENT_ID = 'svc-development'

export interface DevIdpOptions {
  /** 0 picks a free port. */
  readonly port: number
  readonly redirectUris: readonly string[]
  readonly groupPrefix: string
}

/** DEV_IDP_PORT, else the port after the service's own (PORT, default 3000). */
export function readDevIdpPort(config: { readonly DEV_IDP_PORT?: number; readonly PORT: number }): number {
  if (config.DEV_IDP_PORT !== undefined) return config.DEV_IDP_PORT
  // PORT=0 asks for any free port, and so does the provider then.
  if (config.PORT === 0) return 0
  const port = config.PORT + 1
  if (port > 65535) throw new Error(`PORT ${config.PORT} leaves no next port for the provider: set DEV_IDP_PORT`)
  return port
}

export async function startDevIdp(options: DevIdpOptions): Promise<Provider & { stop(): Promise<void> }> {
  const server = createServer()
  const port = await listen(server, options.port)
  const issuer = `http://${HOST}:${port}`
  // A fresh secret per start: only this process ever presents it.
  const clientSecret = randomBytes(32).toString('base64url')
  const directory = createDevDirectory(options.groupPrefix)
  const provider = createDevProvider({
    issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret,
    redirectUris: options.redirectUris,
    directory,
  })
  // Only this process presents it: PEOPLE_BACKEND=idp in development uses this SCIM side.
  const scimToken = randomBytes(32).toString('base64url')
  const scim = createDevScim(directory, scimToken)
  server.on(
    'request',
    createDevIdpListener(provider, directory, (req, res) => void scim(req, res).catch(() => res.destroy())),
  )
  log(
    'warn',
    'auth',
    '[svc] [auth] DEVELOPMENT SIGN-IN: anyone can sign in as a demo person. Not for production: set IDP_URL.',
    {
      issuer,
      people: DEMO_PEOPLE.map((person) => `${person.name} (${person.groups.join(', ') || 'no groups'})`),
    },
  )
  return {
    issuer: new URL(issuer),
    clientId: DEV_CLIENT_ID,
    clientSecret,
    scim: { url: `${issuer}/scim/v2`, token: scimToken },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => {
      const address = server.address()
      resolve(typeof address === 'object' && address !== null ? address.port : port)
    })
  })
}
