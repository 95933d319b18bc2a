// The built service in production mode signing in against a test provider
// (test-idp.ts). The provider binds a port of its own; the service needs its
// PUBLIC_URL as it starts, so its port is picked before (startServerAtPickedPort).
import { startServer, startServerAtPickedPort, type RunningServer } from '../support/server'
import { startTestIdp, type TestAccount } from './test-idp'

const CLIENT = { clientId: 'svc-test', clientSecret: 'test-client-secret' }

export interface ServiceWithIdpOptions {
  readonly accounts: readonly TestAccount[] | (() => readonly TestAccount[])
  /** Added to (or overriding) the sign-in variables. */
  readonly env?: Record<string, string | undefined>
  /** Kept across restart(). */
  readonly dataDir?: string
  /** false: IDP_URL points at a provider that cuts every connection until startIdp(). */
  readonly idpUp?: boolean
}

export interface ServiceWithIdp {
  /** The service's URL, which is also its PUBLIC_URL unless env says otherwise. */
  readonly service: string
  readonly idpUrl: string
  readonly output: () => string
  startIdp(): Promise<void>
  stopIdp(): Promise<void>
  /** Stops the service and starts it again on the same port and data dir. */
  restart(): Promise<void>
  stop(): Promise<void>
}

export async function startServiceWithIdp(options: ServiceWithIdpOptions): Promise<ServiceWithIdp> {
  const idp = await startTestIdp({ ...CLIENT, accounts: options.accounts })
  const serviceUrl = (port: number) => `http://127.0.0.1:${port}`
  const env = (port: number) => ({
    SVC_MODE: undefined,
    IDP_URL: idp.url,
    OAUTH2_CLIENT_ID: CLIENT.clientId,
    OAUTH2_CLIENT_SECRET: CLIENT.clientSecret,
    PUBLIC_URL: serviceUrl(port),
    OIDC_EXTRA_SCOPES: undefined,
    IDP_GROUP_PREFIX: undefined,
    PHONE_COUNTRY: undefined,
    ...options.env,
  })
  const started = await startServerAtPickedPort(env, { dataDir: options.dataDir }).catch(async (error: unknown) => {
    await idp.stop()
    throw error
  })
  let server: RunningServer = started
  const { port } = started
  const service = serviceUrl(port)
  // Up only now, with the callback's port known: the service asks the
  // provider nothing until someone signs in.
  const startIdp = async () => idp.up(`${service}/auth/callback`)
  if (options.idpUp !== false) await startIdp()
  return {
    service,
    idpUrl: idp.url,
    output: () => server.output(),
    startIdp,
    stopIdp: async () => idp.down(),
    async restart() {
      await server.stop()
      // Binding the same port again: the URL must not change across a restart.
      server = await startServer(env(port), { port, dataDir: options.dataDir })
    },
    async stop() {
      await server.stop()
      await idp.stop()
    },
  }
}
