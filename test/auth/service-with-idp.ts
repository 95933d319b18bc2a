// The built service in production mode signing in against a test provider
// (test-idp.ts), on ports known before either starts.
import { freePort, startServer, type RunningServer } from '../support/server'
import { startTestIdp, type TestAccount, type TestIdp } from './test-idp'

const CLIENT = { clientId: 'svc-test', clientSecret: 'test-client-secret' }

export interface ServiceWithIdpOptions {
  readonly accounts: readonly TestAccount[]
  /** Added to (or overriding) the sign-in variables. */
  readonly env?: Record<string, string | undefined>
  /** Kept across restart(). */
  readonly dataDir?: string
  /** false: IDP_URL points at a port where nothing answers until startIdp(). */
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
  const [idpPort, port] = await Promise.all([freePort(), freePort()])
  const service = `http://127.0.0.1:${port}`
  const idpUrl = `http://127.0.0.1:${idpPort}`
  const env = {
    SVC_MODE: undefined, IDP_URL: idpUrl, OAUTH2_CLIENT_ID: CLIENT.clientId, OAUTH2_CLIENT_SECRET: CLIENT.clientSecret,
    PUBLIC_URL: service, OIDC_EXTRA_SCOPES: undefined, IDP_GROUP_PREFIX: undefined, PHONE_COUNTRY: undefined, ...options.env,
  }
  let idp: TestIdp | undefined
  const startIdp = async () => {
    idp = await startTestIdp({ port: idpPort, ...CLIENT, redirectUri: `${service}/auth/callback`, accounts: options.accounts })
  }
  const stopIdp = async () => {
    await idp?.stop()
    idp = undefined
  }
  if (options.idpUp !== false) await startIdp()
  const start = () => startServer(env, { port, dataDir: options.dataDir })
  let server: RunningServer = await start()
  return {
    service,
    idpUrl,
    output: () => server.output(),
    startIdp,
    stopIdp,
    async restart() {
      await server.stop()
      server = await start()
    },
    async stop() {
      await server.stop()
      await stopIdp()
    },
  }
}
