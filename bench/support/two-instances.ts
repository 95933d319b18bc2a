// Two instances of the built service on one nats-server, with a real OpenID
// provider for the people who sign in, as the soak and the mixed bench run
// them. Everything started here is stopped by `stop()`, and by a signal or an
// uncaught error too (./cleanup.ts).
import { createCookieFetch, type CookieFetch } from '../../test/auth/cookie-fetch'
import { signIn } from '../../test/auth/sign-in-flow'
import { startTestIdp, type TestAccount } from '../../test/auth/test-idp'
import type { NatsServer } from '../../test/support/nats-server'
import { freePort } from '../../test/support/server'
import { stopOnExit } from './cleanup'
import { startBenchNats } from './nats'
import { startService, type BenchService } from './service'

const CLIENT = { clientId: 'svc-bench', clientSecret: 'bench-client-secret' }

export interface TwoInstances {
  readonly nats: NatsServer
  readonly instances: readonly [BenchService, BenchService]
  /** Why the run must stop: the first instance process that ended, with what it printed last. */
  died(): string | undefined
  /** A browser signed in as `login` on A; the session lives on the bus, so it holds on B too. */
  signIn(login: string): Promise<CookieFetch>
  /** Each instance's count of filed potholes (`/report`), once both show `expected` or after 10 s of waiting. */
  reportedPotholes(expected: number): Promise<number[]>
  stop(): Promise<void>
}

/** `accounts` are the people the provider knows, each signing in with their `id`. */
export async function startTwoInstances(accounts: readonly TestAccount[]): Promise<TwoInstances> {
  const started: { stop(): Promise<void> }[] = []
  const stop = async () => {
    // Instances first: they hold connections to the bus and the provider.
    for (const thing of started.reverse()) await thing.stop()
  }
  try {
    const nats = await startBenchNats()
    started.push(nats)
    // A's PUBLIC_URL is needed at start (the provider sends people back to it), so its port is picked before.
    const portA = await freePort()
    const urlA = `http://127.0.0.1:${portA}`
    const idp = stopOnExit(await startTestIdp({ ...CLIENT, redirectUri: `${urlA}/auth/callback`, accounts }))
    started.push(idp)
    const env = {
      BUS_URL: nats.url,
      IDP_URL: idp.url,
      OAUTH2_CLIENT_ID: CLIENT.clientId,
      OAUTH2_CLIENT_SECRET: CLIENT.clientSecret,
    }
    const a = await startService({ ...env, PORT: String(portA), PUBLIC_URL: urlA })
    started.push(a)
    const b = await startService(env)
    started.push(b)
    const instances = [a, b] as const

    let died: string | undefined
    instances.forEach(
      (instance, i) =>
        void instance.exited.then(({ code, signal }) => {
          died ??=
            `instance ${'AB'[i]} (pid ${instance.pid}) exited with ${signal ?? code}:\n` +
            instance.output().slice(-4000)
        }),
    )
    return {
      nats,
      instances,
      died: () => died,
      async signIn(login) {
        const browser = createCookieFetch()
        await signIn(browser, a.url, login)
        browser.setCookie(b.url, 'svc_session', browser.cookie(a.url, 'svc_session') ?? '')
        return browser
      },
      async reportedPotholes(expected) {
        const until = performance.now() + 10_000
        for (;;) {
          const counts = await Promise.all(instances.map(reportedPotholes))
          if (counts.every((count) => count >= expected) || performance.now() > until) return counts
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function reportedPotholes(instance: BenchService): Promise<number> {
  const body = (await (await fetch(`${instance.url}/report`)).json()) as { counts: { bucket: string; count: number }[] }
  return body.counts.filter((c) => c.bucket === 'potholes').reduce((sum, c) => sum + c.count, 0)
}
