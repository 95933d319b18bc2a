// The session bucket the running service opens on NATS, read back with a
// plain NATS client: what the bucket keeps against what a session carries.
import { Kvm } from '@nats-io/kv'
import { connect, type NatsConnection } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { createCookieFetch } from './cookie-fetch'
import { KARI } from './people'
import { startServiceWithIdp, type ServiceWithIdp } from './service-with-idp'
import { signIn } from './sign-in-flow'

let nats: NatsServer
let run: ServiceWithIdp
let nc: NatsConnection
beforeAll(async () => {
  nats = await startNatsServer()
  run = await startServiceWithIdp({ accounts: [KARI], env: { BUS_URL: nats.url } })
  nc = await connect({ servers: nats.url })
})
afterAll(async () => {
  await nc?.close()
  await run?.stop()
  await nats?.stop()
})

describe('the session bucket on NATS', () => {
  it(
    "Authentication 7: the bucket's max_age collects sessions nobody returns to, and is longer than any " +
      'session lives',
    async () => {
      const client = createCookieFetch()
      await signIn(client, run.service, 'kari')
      const id = client.cookie(run.service, 'svc_session')
      if (id === undefined) throw new Error('no session cookie after sign-in')

      const bucket = await new Kvm(nc).open('svc_sessions')
      const entry = await bucket.get(id)
      const session = entry?.json<{ created: number; expires: number }>()
      if (session === undefined) throw new Error('the signed-in session is not in svc_sessions')
      const { ttl } = await bucket.status()
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeGreaterThan(session.expires - session.created)
    },
  )
})
