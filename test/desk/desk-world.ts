// One world per test file: a NATS server, the built service on it in
// production mode with a test provider, and a seeder on the same bus.
import { afterAll, beforeAll } from 'vitest'
import { createCookieFetch, type CookieFetch } from '../auth/cookie-fetch'
import { startServiceWithIdp, type ServiceWithIdp } from '../auth/service-with-idp'
import { signIn } from '../auth/sign-in-flow'
import type { TestAccount } from '../auth/test-idp'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import type { RecordView } from '../../server/records/types'
import { attr, readPage, textOf, type Page } from './page'
import { contentWithForbid, openSeeder, type Seeder } from './seed'

export const PEOPLE: readonly TestAccount[] = [
  {
    id: 'kari',
    claims: { name: 'Kari Caseworker', email: 'kari@example.org', email_verified: true, groups: ['caseworkers'] },
  },
  {
    id: 'rolf',
    claims: { name: 'Rolf Roads', email: 'rolf@example.org', email_verified: true, groups: ['road_crew'] },
  },
  {
    id: 'vera',
    claims: { name: 'Vera Volunteer', email: 'vera@example.org', email_verified: true, groups: ['volunteers'] },
  },
  {
    id: 'mona',
    claims: {
      name: 'Mona Both',
      email: 'mona@example.org',
      email_verified: true,
      groups: ['caseworkers', 'road_crew'],
    },
  },
  { id: 'nora', claims: { name: 'Nora Nobody', email: 'nora@example.org', email_verified: true } },
]

export interface Fetched {
  readonly status: number
  readonly headers: Headers
  readonly body: string
  readonly page: Page
}

export interface DeskWorld {
  readonly service: string
  readonly seeder: Seeder
  /** A browser signed in as `login` (or signed out for null), reading the plain storyline. */
  as(login: string | null): Promise<CookieFetch>
  get(client: CookieFetch, path: string): Promise<Fetched>
  post(client: CookieFetch, path: string, fields: Record<string, string>): Promise<Fetched>
}

/** `policy`: one more policy file's text, for a file whose people need other permissions. */
export function useDeskWorld(policy?: string): DeskWorld {
  let nats: NatsServer
  let run: ServiceWithIdp
  let content: ReturnType<typeof contentWithForbid>
  const world = {} as { service: string; seeder: Seeder }
  const clients = new Map<string, Promise<CookieFetch>>()

  beforeAll(async () => {
    content = contentWithForbid(policy)
    nats = await startNatsServer()
    run = await startServiceWithIdp({ accounts: PEOPLE, env: { BUS_URL: nats.url, CONTENT_REPO: content.dir } })
    world.service = run.service
    world.seeder = await openSeeder(nats.url, content.dir)
  })
  afterAll(async () => {
    await world.seeder?.close()
    await run?.stop()
    await nats?.stop()
    content?.remove()
  })

  const read = async (response: Response): Promise<Fetched> => {
    const body = await response.text()
    return { status: response.status, headers: response.headers, body, page: readPage(body) }
  }
  return {
    get service() {
      return world.service
    },
    get seeder() {
      return world.seeder
    },
    as(login) {
      const key = login ?? ''
      const known = clients.get(key)
      if (known) return known
      const made = (async () => {
        const client = createCookieFetch()
        client.setCookie(world.service, 'svc_story', 'plain')
        if (login !== null) await signIn(client, world.service, login)
        return client
      })()
      clients.set(key, made)
      return made
    },
    get: async (client, path) => read(await client(`${world.service}${path}`)),
    post: async (client, path, fields) =>
      read(
        await client(`${world.service}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        }),
      ),
  }
}

/** A record's page on a desk. */
export const path = (view: RecordView, desk = 'caseworkers'): string => `/desk/${desk}/${view.bucket}/${view.id}`

/** The move buttons of a record page, each with its form's action and fields. */
export function moveForms(fetched: Fetched): { action: string; button: string; fields: Record<string, string> }[] {
  return fetched.page.all('form.desk-move').map((form) => ({
    action: attr(form, 'action'),
    button: textOf(fetched.page.all('form.desk-move button').find((b) => b.parent === form)).trim(),
    fields: Object.fromEntries(
      fetched.page
        .all('form.desk-move input')
        .filter((i) => i.parent === form)
        .map((i) => [attr(i, 'name'), attr(i, 'value')]),
    ),
  }))
}
