// A real SCIM 2.0 server for tests: SCIMMY's resources and its express
// routers over an in-memory store of users and groups. The same store feeds
// the test OpenID provider (accountsOf), so an account made over SCIM signs
// in, and its groups come back in the claim. Faults on demand: answer 503,
// stall past a client's time-out, or send a body that is not JSON.
import express from 'express'
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import SCIMMY from 'scimmy'
import SCIMMYRouters from 'scimmy-routers'
import type { TestAccount } from '../auth/test-idp'

export interface ScimUser {
  id: string
  userName: string
  displayName?: string
  emails?: { value: string }[]
  phoneNumbers?: { value: string }[]
}

export interface ScimGroup {
  id: string
  displayName: string
  members: { value: string }[]
}

export type ScimFault = 'unavailable' | 'stall' | 'garbled' | 'unfiltered' | 'not-a-list'

export interface TestScim {
  /** The base URL, `…/scim/v2`. */
  readonly url: string
  readonly token: string
  readonly users: Map<string, ScimUser>
  readonly groups: Map<string, ScimGroup>
  /** Requests seen, as `METHOD path`. */
  readonly requests: string[]
  /** The next `count` requests (every one while `count` is Infinity) meet the fault. */
  fault(kind: ScimFault | null, count?: number): void
  /** The users as the test OpenID provider's accounts: verified address and phone, groups by display name. */
  accounts(): TestAccount[]
  stop(): Promise<void>
}

function declare(users: Map<string, ScimUser>, groups: Map<string, ScimGroup>): void {
  const pick = <T>(
    resource: { id?: string; filter?: { match(values: T[]): T[] } },
    all: T[],
    what: string,
  ): T | T[] => {
    if (resource.id === undefined) return resource.filter === undefined ? all : resource.filter.match(all)
    const found = all.find((item) => (item as { id: string }).id === resource.id)
    if (found === undefined) throw new SCIMMY.Types.Error(404, '', `${what} ${resource.id} not found`)
    return found
  }
  SCIMMY.Resources.declare(SCIMMY.Resources.User)
    .ingress((resource, instance) => {
      const data = instance as unknown as Omit<ScimUser, 'id'>
      const id = resource.id ?? randomUUID()
      if (resource.id === undefined && [...users.values()].some((u) => u.userName === data.userName))
        throw new SCIMMY.Types.Error(409, 'uniqueness', 'userName is taken')
      const user: ScimUser = {
        id,
        userName: data.userName,
        ...(data.displayName === undefined ? {} : { displayName: data.displayName }),
        // Empty lists rather than none: SCIMMY's filter stops at a user without the attribute it compares.
        emails: (data.emails ?? []).map(({ value }) => ({ value })),
        phoneNumbers: (data.phoneNumbers ?? []).map(({ value }) => ({ value })),
      }
      users.set(id, user)
      return user
    })
    .egress((resource) => pick<ScimUser>(resource, [...users.values()], 'User'))
    .degress((resource) => {
      users.delete(resource.id ?? '')
    })
  SCIMMY.Resources.declare(SCIMMY.Resources.Group)
    .ingress((resource, instance) => {
      const data = instance as unknown as Omit<ScimGroup, 'id'>
      const id = resource.id ?? randomUUID()
      const group: ScimGroup = {
        id,
        displayName: data.displayName,
        members: (data.members ?? []).map(({ value }) => ({ value })),
      }
      groups.set(id, group)
      return group
    })
    .egress((resource) => pick<ScimGroup>(resource, [...groups.values()], 'Group'))
    .degress((resource) => {
      groups.delete(resource.id ?? '')
    })
}

export async function startScimServer(token = 'scim-test-token'): Promise<TestScim> {
  const users = new Map<string, ScimUser>()
  const groups = new Map<string, ScimGroup>()
  const requests: string[] = []
  let fault: { kind: ScimFault; left: number } | null = null
  declare(users, groups)
  const app = express()
  app.use((req, res, next) => {
    requests.push(`${req.method} ${req.originalUrl}`)
    if (fault === null || fault.left <= 0) return next()
    fault.left--
    if (fault.kind === 'unavailable') return void res.status(503).type('text/plain').send('down for maintenance')
    if (fault.kind === 'garbled') return void res.status(200).type(SCIMMY_TYPE).send('{"Resources": [')
    if (fault.kind === 'not-a-list') return void res.status(200).type(SCIMMY_TYPE).send('{}')
    // A server that ignores the filter and lists everyone.
    if (fault.kind === 'unfiltered') {
      const all = req.path.startsWith('/scim/v2/Groups') ? [...groups.values()] : [...users.values()]
      return void res
        .status(200)
        .type(SCIMMY_TYPE)
        .send(
          JSON.stringify({
            schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
            totalResults: all.length,
            Resources: all,
          }),
        )
    }
    // Stalled: answers nothing until the client gives up.
  })
  app.use(
    '/scim/v2',
    new SCIMMYRouters({
      type: 'bearer',
      docUri: 'https://example.org/scim-auth',
      handler: (request: express.Request) => {
        if (request.header('authorization') !== `Bearer ${token}`) throw new Error('Not a valid token')
        return 'svc'
      },
    }),
  )
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/scim/v2`
  return {
    url,
    token,
    users,
    groups,
    requests,
    fault(kind, count = Infinity) {
      fault = kind === null ? null : { kind, left: count }
    },
    accounts() {
      return [...users.values()].map((user) => ({
        id: user.id,
        claims: {
          name: user.displayName ?? user.userName,
          ...(user.emails?.[0] === undefined ? {} : { email: user.emails[0].value, email_verified: true }),
          ...(user.phoneNumbers?.[0] === undefined
            ? {}
            : { phone_number: user.phoneNumbers[0].value, phone_number_verified: true }),
          groups: [...groups.values()]
            .filter((g) => g.members.some((m) => m.value === user.id))
            .map((g) => g.displayName),
        },
      }))
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const SCIMMY_TYPE = 'application/scim+json'
