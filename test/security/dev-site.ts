// One security test file's site: the built service in development mode (its
// own demo identity provider, the embedded bus) on a copy of the demo content
// with `files` written over it. Browsers are cookie jars reading the plain storyline.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCookieFetch, type CookieFetch } from '../auth/cookie-fetch'
import { DEMO, freePort, startServer, type RunningServer } from '../support/server'
import { signInAs } from '../visitor/dev-sign-in'

export interface DevSite {
  readonly base: string
  readonly server: RunningServer
  /** The copy of the demo content it serves, for a test to change and reload. */
  readonly content: string
  /** A browser with no session yet. */
  visitor(): CookieFetch
  /**
   * The browser signed in as one of the demo provider's people (kari: caseworkers, rolf: road_crew, nora: no group);
   * one per person.
   */
  as(person: string): Promise<CookieFetch>
  stop(): Promise<void>
}

export async function startDevSite(
  files: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<DevSite> {
  const content = mkdtempSync(join(tmpdir(), 'svc-security-'))
  cpSync(DEMO, content, { recursive: true })
  for (const [path, text] of Object.entries(files)) writeFileSync(join(content, path), text)
  const [port, idpPort] = await Promise.all([freePort(), freePort()])
  // localhost, not 127.0.0.1: development mode's PUBLIC_URL, which the provider redirects to.
  const base = `http://localhost:${port}`
  const server = await startServer(
    { CONTENT_REPO: content, SVC_MODE: 'development', DEV_IDP_PORT: String(idpPort), PUBLIC_URL: undefined, ...env },
    { port },
  )
  const visitor = () => {
    const client = createCookieFetch()
    client.setCookie(base, 'svc_story', 'plain')
    return client
  }
  const signedIn = new Map<string, Promise<CookieFetch>>()
  return {
    base,
    server,
    content,
    visitor,
    as(person) {
      const known = signedIn.get(person)
      if (known) return known
      const client = visitor()
      const made = signInAs(client, base, person).then(() => client)
      signedIn.set(person, made)
      return made
    },
    async stop() {
      await server.stop()
      rmSync(content, { recursive: true, force: true })
    },
  }
}
