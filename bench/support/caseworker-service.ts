// The built service on a bench nats-server, signing in through a test
// provider that knows one caseworker (kari), at a port picked first because
// PUBLIC_URL and the callback must be known as it starts.
import type { NatsServer } from '../../test/support/nats-server'
import { startTestIdp, type TestIdp } from '../../test/auth/test-idp'
import { freePort } from '../../test/support/server'
import { stopOnExit } from './cleanup'
import { startBenchNats } from './nats'
import { startService, type BenchService } from './service'

export interface CaseworkerService {
  readonly base: string
  readonly nats: NatsServer
  readonly idp: TestIdp
  readonly service: BenchService
  stop(): Promise<void>
}

export async function startCaseworkerService(name: string): Promise<CaseworkerService> {
  const client = { clientId: `svc-${name}`, clientSecret: `${name}-client-secret` }
  const nats = await startBenchNats()
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const idp = stopOnExit(
    await startTestIdp({
      ...client,
      redirectUri: `${base}/auth/callback`,
      accounts: [
        { id: 'kari', claims: { name: 'Kari Caseworker', email: 'kari@example.org', groups: ['caseworkers'] } },
      ],
    }),
  )
  const service = await startService({
    BUS_URL: nats.url,
    IDP_URL: idp.url,
    OAUTH2_CLIENT_ID: client.clientId,
    OAUTH2_CLIENT_SECRET: client.clientSecret,
    PORT: String(port),
    PUBLIC_URL: base,
  })
  return {
    base,
    nats,
    idp,
    service,
    async stop() {
      await service.stop()
      await idp.stop()
      await nats.stop()
    },
  }
}
