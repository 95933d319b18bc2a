// Every instance keeps the active memberships in memory, fed by a watch on
// svc_memberships: a signed-in request asks for its person's groups, and
// that must not cost a listing on the bus each time.
import { z } from 'zod'
import { decodeKvKey } from '../bus/kv-driver'
import { decodeJson } from '../bus/payload'
import type { BusKv } from '../bus/types'

export interface MembershipView {
  /** Active groups of any of these person keys (`sub:…`, `email:…`, `phone:…`). */
  groupsOf(personKeys: ReadonlySet<string>): string[]
  /** Applies a write this instance just made, before the watch brings it back. */
  apply(encodedKey: string, value: Uint8Array | object | null): void
}

// Entries are also written by invites and sign-in code: read only what this needs.
const storedSchema = z.object({ group: z.string(), state: z.string() })

export async function loadMembershipView(kv: BusKv): Promise<MembershipView> {
  // person key -> group -> active?
  const people = new Map<string, Map<string, boolean>>()
  const touched = new Set<string>()
  const apply = (encodedKey: string, value: Uint8Array | object | null) => {
    const person = personPart(encodedKey)
    if (person === null) return
    const groups = people.get(person) ?? new Map<string, boolean>()
    people.set(person, groups)
    const group = groupPart(encodedKey)
    const parsed = value === null ? null : storedSchema.safeParse(value instanceof Uint8Array ? safeJson(value) : value)
    if (parsed?.success) groups.set(group, parsed.data.state === 'active')
    else groups.delete(group)
  }
  // Watch first, so nothing written while the rest loads is missed; what the
  // watch already reported is newer than what the load reads.
  await kv.watch(({ key, value }) => {
    touched.add(key)
    apply(key, value)
  })
  for (const key of await kv.keys()) {
    if (touched.has(key)) continue
    const entry = await kv.get(key)
    if (entry !== null && !touched.has(key)) apply(key, entry.value)
  }
  return {
    groupsOf(personKeys) {
      const groups = new Set<string>()
      for (const person of personKeys) {
        for (const [group, active] of people.get(person) ?? []) if (active) groups.add(group)
      }
      return [...groups].sort()
    },
    apply(encodedKey, value) {
      touched.add(encodedKey)
      apply(encodedKey, value)
    },
  }
}

// Group names hold no `:`, so the person key is everything before the last one
// (a subject may itself hold `:`).
function personPart(encoded: string): string | null {
  try {
    const key = decodeKvKey(encoded)
    return key.includes(':') ? key.slice(0, key.lastIndexOf(':')) : null
  } catch {
    return null
  }
}

function groupPart(encoded: string): string {
  const key = decodeKvKey(encoded)
  return key.slice(key.lastIndexOf(':') + 1)
}

function safeJson(bytes: Uint8Array): unknown {
  try {
    return decodeJson(bytes)
  } catch {
    return undefined
  }
}
