// What BUS_URL and the BUS_* settings say about reaching NATS, turned into
// the client's options: a list of servers any of which may be down, user and
// password or a token taken out of the URLs, an NKEY seed, TLS files. The
// servers are only ever named without their credentials.
import { readFileSync } from 'node:fs'
import { nkeyAuthenticator, nkeys } from '@nats-io/transport-node'
import type { ConnectionOptions } from '@nats-io/transport-node'
import { busError } from './errors'

export interface NatsAccess {
  /** BUS_URL: one server or several separated by commas. */
  readonly url: string
  /** BUS_NKEY_SEED_FILE: a file holding an NKEY user seed (SU...). */
  readonly nkeySeedFile?: string
  /** BUS_TLS_CA, BUS_TLS_CERT, BUS_TLS_KEY: PEM files. */
  readonly tlsCa?: string
  readonly tlsCert?: string
  readonly tlsKey?: string
}

export interface NatsConnectOptions {
  readonly options: ConnectionOptions
  /** The servers as they may be shown: scheme, host and port only. */
  readonly named: string
}

export function natsConnectOptions(access: NatsAccess): NatsConnectOptions {
  const urls = access.url
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const servers: string[] = []
  let user: string | undefined
  let pass: string | undefined
  for (const raw of urls) {
    const parsed = parseServer(raw)
    servers.push(`${parsed.protocol}//${parsed.host}`)
    if (parsed.username !== '' && user === undefined) {
      user = decodeURIComponent(parsed.username)
      pass = parsed.password === '' ? undefined : decodeURIComponent(parsed.password)
    }
  }
  if (servers.length === 0) throw busError('BUS_URL names no server')
  if ((access.tlsCert === undefined) !== (access.tlsKey === undefined))
    throw busError('BUS_TLS_CERT and BUS_TLS_KEY go together: the client certificate and its key')
  const named = servers.join(', ')
  const wantsTls = servers.some((server) => server.startsWith('tls:')) || access.tlsCa !== undefined
  const options: ConnectionOptions = {
    servers,
    // A URL's user with no password is NATS's token form: nats://token@host.
    ...(user !== undefined && pass === undefined ? { token: user } : {}),
    ...(user !== undefined && pass !== undefined ? { user, pass } : {}),
    ...(access.nkeySeedFile === undefined ? {} : { authenticator: nkeyAuthenticator(readSeed(access.nkeySeedFile)) }),
    ...(wantsTls || access.tlsCert !== undefined
      ? {
          tls: {
            ...(access.tlsCa === undefined ? {} : { caFile: access.tlsCa }),
            ...(access.tlsCert === undefined ? {} : { certFile: access.tlsCert }),
            ...(access.tlsKey === undefined ? {} : { keyFile: access.tlsKey }),
          },
        }
      : {}),
  }
  return { options, named }
}

function parseServer(raw: string): URL {
  // A bare host:port is how nats-server's own tools write a server.
  const withScheme = /^[a-z]+:\/\//i.test(raw) ? raw : `nats://${raw}`
  if (!URL.canParse(withScheme))
    throw busError('BUS_URL holds a server that is not a URL (nats://host:4222, tls://host:4222)')
  const parsed = new URL(withScheme)
  if (!['nats:', 'tls:'].includes(parsed.protocol))
    throw busError(`BUS_URL holds a ${parsed.protocol}// server: only nats:// and tls:// are understood`)
  return parsed
}

// The seed is checked here so a wrong one is refused by what is wrong with
// it, never by its contents.
function readSeed(file: string): Uint8Array {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw busError(`BUS_NKEY_SEED_FILE ${file} cannot be read`)
  }
  const seed = /\bSU[A-Z2-7]{56}\b/.exec(text)?.[0]
  if (seed === undefined) throw busError(`BUS_NKEY_SEED_FILE ${file} holds no NKEY user seed (a line starting SU)`)
  const bytes = new TextEncoder().encode(seed)
  try {
    nkeys.fromSeed(bytes)
  } catch {
    throw busError(`BUS_NKEY_SEED_FILE ${file} holds a damaged NKEY seed`)
  }
  return bytes
}
