// The identity provider's admin side over SCIM 2.0 (RFC 7643/7644): users
// found by `emails.value` and `phoneNumbers.value`, created with POST /Users;
// groups found by `displayName`, created when missing, and changed with
// PATCH add/remove of `members`. Bearer IDP_API_TOKEN at IDP_SCIM_URL.
import { z } from 'zod'
import { readLinkEnd } from '../link-end'
import { IdpRefusedError, IdpUnavailableError, type IdpAdmin, type IdpPerson } from './idp-admin'

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User'
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group'
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
const SCIM_TYPE = 'application/scim+json'
/** Where a provider may hand over a first sign-in link for a new account (docs/people.md). */
export const ACTIVATION_SCHEMA = 'urn:svc:params:scim:schemas:extension:activation:2.0:User'
const activationSchema = z.object({ link: z.string().url().optional(), expires: z.unknown().optional() }).passthrough()

export interface ScimOptions {
  /** IDP_SCIM_URL, e.g. https://idp.example.org/scim/v2 */
  readonly baseUrl: string
  readonly token: string
  /** IDP_GROUP_PREFIX */
  readonly groupPrefix: string
  readonly timeoutMs?: number
}

const valueList = z.array(z.object({ value: z.string() }).passthrough()).optional()
const userSchema = z
  .object({
    id: z.string(),
    userName: z.string().optional(),
    displayName: z.string().optional(),
    name: z.object({ formatted: z.string().optional() }).passthrough().optional(),
    emails: valueList,
    phoneNumbers: valueList,
  })
  .passthrough()
const groupSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    members: z.array(z.object({ value: z.string() }).passthrough()).optional(),
  })
  .passthrough()
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse'
// A ListResponse says so (RFC 7644 3.4.2): a 200 with `{}` or an error object is not "nobody".
const listSchema = <T extends z.ZodType>(item: T) =>
  z
    .object({
      schemas: z.array(z.string()).refine((s) => s.includes(LIST_SCHEMA)),
      totalResults: z.number(),
      Resources: z.array(item).optional(),
    })
    .passthrough()

/** A value inside a SCIM filter's double quotes. */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}

function activationOf(user: z.infer<typeof userSchema>): IdpPerson['activation'] {
  const parsed = activationSchema.safeParse(user[ACTIVATION_SCHEMA])
  if (!parsed.success) return undefined
  const expiresAt = readLinkEnd(parsed.data.expires)
  const link =
    parsed.data.link?.startsWith('https://') || parsed.data.link?.startsWith('http://') ? parsed.data.link : undefined
  if (link === undefined && expiresAt === null) return undefined
  return { ...(link === undefined ? {} : { link }), ...(expiresAt === null ? {} : { expiresAt }) }
}

function personOf(user: z.infer<typeof userSchema>): IdpPerson {
  const name = user.displayName ?? user.name?.formatted ?? user.userName
  const email = user.emails?.[0]?.value
  const phone = user.phoneNumbers?.[0]?.value
  const activation = activationOf(user)
  return {
    ...(activation === undefined ? {} : { activation }),
    id: user.id,
    ...(name === undefined ? {} : { name }),
    ...(email === undefined ? {} : { email: email.toLowerCase() }),
    ...(phone === undefined ? {} : { phone }),
  }
}

export function createScimAdmin(options: ScimOptions): IdpAdmin {
  const base = options.baseUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 10_000

  async function call<T extends z.ZodType>(
    method: string,
    path: string,
    schema: T | null,
    body?: object,
  ): Promise<z.infer<T> | null> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: SCIM_TYPE,
          ...(body === undefined ? {} : { 'content-type': SCIM_TYPE }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new IdpUnavailableError(`${method} ${path}: ${(error as Error).message}`, { cause: error })
    }
    if (response.status >= 500) {
      await response.body?.cancel()
      throw new IdpUnavailableError(`${method} ${path} answered ${response.status}`)
    }
    if (response.status === 404 && method === 'GET' && schema !== null && path.includes('/Groups/')) {
      await response.body?.cancel()
      return null
    }
    if (response.status >= 400) {
      const text = await response.text().catch(() => '')
      throw new IdpRefusedError(response.status, `${method} ${path} answered ${response.status} ${text.slice(0, 200)}`)
    }
    if (schema === null) {
      await response.body?.cancel()
      return null
    }
    let json: unknown
    try {
      json = await response.json()
    } catch (error) {
      throw new IdpUnavailableError(`${method} ${path} answered a body that is not JSON`, { cause: error })
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new IdpUnavailableError(`${method} ${path} answered a body that is not SCIM`)
    return parsed.data
  }

  // Only what really matches: a server that ignores the filter and lists everyone must not hand over someone else.
  const findUser = async (filter: string, matches: (person: IdpPerson) => boolean): Promise<IdpPerson | null> => {
    const list = await call('GET', `/Users?filter=${encodeURIComponent(filter)}`, listSchema(userSchema))
    return (list?.Resources ?? []).map(personOf).find(matches) ?? null
  }

  const findGroup = async (group: string) => {
    const name = `${options.groupPrefix}${group}`
    const list = await call(
      'GET',
      `/Groups?filter=${encodeURIComponent(`displayName eq ${quoted(name)}`)}`,
      listSchema(groupSchema),
    )
    return list?.Resources?.find((found) => found.displayName === name) ?? null
  }

  const patchMembers = (groupId: string, operation: object) =>
    call('PATCH', `/Groups/${encodeURIComponent(groupId)}`, null, { schemas: [PATCH_SCHEMA], Operations: [operation] })

  return {
    async find({ email, phone }) {
      const address = email?.toLowerCase()
      const byEmail =
        address === undefined ? null : await findUser(`emails.value eq ${quoted(address)}`, (p) => p.email === address)
      if (byEmail !== null || phone === undefined) return byEmail
      return findUser(`phoneNumbers.value eq ${quoted(phone)}`, (p) => p.phone === phone)
    },

    async create({ name, email, phone }) {
      const userName = email ?? phone
      if (userName === undefined) throw new Error('[svc] [people] an account needs an address or a phone number')
      const user = await call('POST', '/Users', userSchema, {
        schemas: [USER_SCHEMA],
        userName,
        displayName: name,
        name: { formatted: name },
        active: true,
        ...(email === undefined ? {} : { emails: [{ value: email, primary: true, type: 'work' }] }),
        ...(phone === undefined ? {} : { phoneNumbers: [{ value: phone, type: 'mobile' }] }),
      })
      if (user === null) throw new IdpUnavailableError('POST /Users answered no account')
      return personOf(user)
    },

    async addToGroup(id, group) {
      const found =
        (await findGroup(group)) ??
        (await call('POST', '/Groups', groupSchema, {
          schemas: [GROUP_SCHEMA],
          displayName: `${options.groupPrefix}${group}`,
          members: [],
        }))
      if (found === null) throw new IdpUnavailableError('POST /Groups answered no group')
      if (found.members?.some((member) => member.value === id)) return
      await patchMembers(found.id, { op: 'add', path: 'members', value: [{ value: id }] })
    },

    async hasMember(id, group) {
      const found = await findGroup(group)
      if (found === null) return false
      // Some servers leave members out of a filtered list: read the group itself then.
      const members =
        found.members ?? (await call('GET', `/Groups/${encodeURIComponent(found.id)}`, groupSchema))?.members
      return (members ?? []).some((member) => member.value === id)
    },

    async removeFromGroup(id, group) {
      const found = await findGroup(group)
      if (found === null || (found.members !== undefined && !found.members.some((member) => member.value === id)))
        return
      await patchMembers(found.id, { op: 'remove', path: `members[value eq ${quoted(id)}]` })
    },

    async members(group) {
      const found = await findGroup(group)
      if (found === null) return []
      const full = await call('GET', `/Groups/${encodeURIComponent(found.id)}`, groupSchema)
      const ids = (full?.members ?? found.members ?? []).map((member) => member.value)
      const users = await Promise.all(
        ids.map((id) =>
          call('GET', `/Users/${encodeURIComponent(id)}`, userSchema).catch((error: unknown) => {
            // An account deleted since the group was read is simply not a member any more.
            if (error instanceof IdpRefusedError && error.status === 404) return null
            throw error
          }),
        ),
      )
      return users.flatMap((user) => (user === null ? [] : [personOf(user)]))
    },
  }
}
