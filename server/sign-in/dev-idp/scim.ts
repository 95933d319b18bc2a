// The development provider's SCIM 2.0 side, so PEOPLE_BACKEND=idp works in
// `npm start`: the calls the service makes (docs/people.md), over the
// directory sign-in reads. Equality filters only; a bearer token made at start.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DevDirectory, DirectoryGroup, DirectoryUser } from './directory'

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse'
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error'
const MAX_BODY = 64 * 1024
const FILTER = /^(emails\.value|phoneNumbers\.value|displayName) eq "((?:[^"\\]|\\.)*)"$/
const MEMBER_PATH = /^members\[value eq "((?:[^"\\]|\\.)*)"\]$/

type Reply = { status: number; body?: unknown }

const userOf = (user: DirectoryUser) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  id: user.id,
  userName: user.email || user.phone,
  displayName: user.name,
  emails: user.email ? [{ value: user.email, primary: true }] : [],
  phoneNumbers: user.phone ? [{ value: user.phone }] : [],
})
const groupOf = (group: DirectoryGroup) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
  id: group.id,
  displayName: group.displayName,
  members: [...group.members].map((value) => ({ value })),
})
const list = (resources: unknown[]): Reply => ({
  status: 200,
  body: { schemas: [LIST], totalResults: resources.length, Resources: resources },
})
const problem = (status: number, detail: string): Reply => ({ status, body: { schemas: [ERROR], status, detail } })
const unquote = (text: string) => text.replace(/\\(.)/g, '$1')

export function createDevScim(directory: DevDirectory, token: string) {
  const route = (method: string, url: URL, body: Record<string, unknown>): Reply => {
    const [, kind, id] = /^\/scim\/v2\/(Users|Groups)(?:\/([^/]+))?$/.exec(url.pathname) ?? []
    if (kind === undefined) return problem(404, 'no such resource type')
    const store = kind === 'Users' ? directory.users : directory.groups
    const shown = (item: DirectoryUser | DirectoryGroup) =>
      kind === 'Users' ? userOf(item as DirectoryUser) : groupOf(item as DirectoryGroup)
    if (method === 'GET' && id === undefined) {
      const filter = url.searchParams.get('filter')
      if (filter === null) return list([...store.values()].map(shown))
      const [, attribute, raw] = FILTER.exec(filter.trim()) ?? []
      if (attribute === undefined || raw === undefined) return problem(400, 'only eq filters are understood here')
      const value = unquote(raw).toLowerCase()
      const matches = (item: DirectoryUser | DirectoryGroup) =>
        attribute === 'displayName'
          ? (item as DirectoryGroup).displayName?.toLowerCase() === value
          : attribute === 'emails.value'
            ? (item as DirectoryUser).email?.toLowerCase() === value
            : (item as DirectoryUser).phone?.toLowerCase() === value
      return list([...store.values()].filter(matches).map(shown))
    }
    const found = id === undefined ? undefined : store.get(decodeURIComponent(id))
    if (method === 'GET')
      return found === undefined ? problem(404, `${kind} not found`) : { status: 200, body: shown(found) }
    if (method === 'POST' && id === undefined) return kind === 'Users' ? createUser(body) : createGroup(body)
    if (method === 'PATCH' && kind === 'Groups' && found !== undefined) return patchGroup(found as DirectoryGroup, body)
    return problem(found === undefined ? 404 : 405, 'not supported here')
  }

  const createUser = (body: Record<string, unknown>): Reply => {
    const first = (value: unknown): string => {
      const item: unknown = Array.isArray(value) ? value[0] : undefined
      const inner = typeof item === 'object' && item !== null ? (item as { value?: unknown }).value : undefined
      return typeof inner === 'string' ? inner : ''
    }
    const email = first(body.emails)
    const phone = first(body.phoneNumbers)
    if (email === '' && phone === '') return problem(400, 'an account needs an address or a phone number')
    if ((email && directory.byEmail(email)) || (phone && [...directory.users.values()].some((u) => u.phone === phone)))
      return problem(409, 'an account with that address or phone exists')
    const name = typeof body.displayName === 'string' ? body.displayName : email || phone
    return { status: 201, body: userOf(directory.addUser({ name, email, phone })) }
  }

  const createGroup = (body: Record<string, unknown>): Reply => {
    if (typeof body.displayName !== 'string' || body.displayName === '') return problem(400, 'a group needs a name')
    if ([...directory.groups.values()].some((g) => g.displayName === body.displayName))
      return problem(409, 'a group with that name exists')
    return { status: 201, body: groupOf(directory.addGroup(body.displayName)) }
  }

  const patchGroup = (group: DirectoryGroup, body: Record<string, unknown>): Reply => {
    const operations = Array.isArray(body.Operations) ? (body.Operations as Record<string, unknown>[]) : []
    for (const operation of operations) {
      const op = String(operation.op).toLowerCase()
      if (op === 'add' && operation.path === 'members' && Array.isArray(operation.value)) {
        for (const member of operation.value as { value?: unknown }[])
          if (typeof member.value === 'string' && directory.users.has(member.value)) group.members.add(member.value)
      } else if (op === 'remove' && typeof operation.path === 'string') {
        const [, raw] = MEMBER_PATH.exec(operation.path) ?? []
        if (raw === undefined) return problem(400, 'remove names one member by value')
        group.members.delete(unquote(raw))
      } else return problem(400, 'only add and remove of members are understood here')
    }
    return { status: 204 }
  }

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const send = ({ status, body }: Reply): void => {
      res.statusCode = status
      res.setHeader('cache-control', 'no-store')
      if (body !== undefined) res.setHeader('content-type', 'application/scim+json')
      res.end(body === undefined ? undefined : JSON.stringify(body))
    }
    if (req.headers.authorization !== `Bearer ${token}`) return send(problem(401, 'a bearer token is needed'))
    let text = ''
    for await (const chunk of req) {
      text += String(chunk)
      if (text.length > MAX_BODY) {
        res.setHeader('connection', 'close')
        send(problem(413, 'the body is too large'))
        // Drained, not kept: the client hears the answer instead of a reset.
        req.resume()
        return
      }
    }
    let body: Record<string, unknown> = {}
    try {
      if (text !== '') body = JSON.parse(text) as Record<string, unknown>
    } catch {
      return send(problem(400, 'the body is not JSON'))
    }
    send(route(req.method ?? 'GET', new URL(req.url ?? '/', 'http://dev-idp.invalid'), body))
  }
}
