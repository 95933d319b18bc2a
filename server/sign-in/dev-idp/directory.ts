// The development provider's people and groups in memory: the demo people
// at start, anyone its SCIM side creates, and the groups it keeps (named as
// the provider names them, with IDP_GROUP_PREFIX). Sign-in and SCIM share
// it, so an account made over SCIM signs in and its groups reach the claim.
import { randomUUID } from 'node:crypto'
import { DEMO_PEOPLE, findDemoPerson, type DemoPerson } from './people'

export interface DirectoryUser {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly phone: string
}

export interface DirectoryGroup {
  readonly id: string
  readonly displayName: string
  readonly members: Set<string>
}

export interface DevDirectory {
  readonly users: Map<string, DirectoryUser>
  readonly groups: Map<string, DirectoryGroup>
  addUser(user: Omit<DirectoryUser, 'id'>): DirectoryUser
  addGroup(displayName: string): DirectoryGroup
  /** The person signing in as `id`, with the provider's group names; undefined for nobody. */
  person(id: string): DemoPerson | undefined
  /** The account an address typed on the sign-in page belongs to, if one was made for it. */
  byEmail(address: string): DirectoryUser | undefined
}

export function createDevDirectory(groupPrefix: string): DevDirectory {
  const users = new Map<string, DirectoryUser>()
  const groups = new Map<string, DirectoryGroup>()
  const addGroup = (displayName: string): DirectoryGroup => {
    const group = { id: randomUUID(), displayName, members: new Set<string>() }
    groups.set(group.id, group)
    return group
  }
  const groupNamed = (name: string) => [...groups.values()].find((group) => group.displayName === name)
  for (const demo of DEMO_PEOPLE) {
    users.set(demo.id, { id: demo.id, name: demo.name, email: demo.email, phone: demo.phone })
    for (const group of demo.groups)
      (groupNamed(`${groupPrefix}${group}`) ?? addGroup(`${groupPrefix}${group}`)).members.add(demo.id)
  }
  const groupsOf = (id: string) =>
    [...groups.values()].filter((group) => group.members.has(id)).map((group) => group.displayName)

  return {
    users,
    groups,
    addUser(user) {
      const made = { id: randomUUID(), ...user }
      users.set(made.id, made)
      return made
    },
    addGroup,
    person(id) {
      const user = users.get(id)
      if (user !== undefined) return { ...user, groups: groupsOf(id) }
      const typed = findDemoPerson(id)
      return typed === undefined ? undefined : { ...typed, groups: groupsOf(id) }
    },
    byEmail(address) {
      const wanted = address.trim().toLowerCase()
      return [...users.values()].find((user) => user.email.toLowerCase() === wanted)
    },
  }
}
