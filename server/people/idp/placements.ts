// What the service itself did to a group at the identity provider, kept in
// KV svc_idp_placements under `<group>:<provider id>`. A person the content no
// longer names leaves RESPONSIBLE_GROUP only when a placement says the
// service put them there as responsible; one who was in the group already
// has none. A desk's removal is kept too, so no grant undoes it.
import { z } from 'zod'
import { encodeKvKey } from '../../bus/kv-driver'
import { decodeJsonOrUndefined } from '../../bus/payload'
import type { BusKv } from '../../bus/types'
import { MEMBERSHIP_SOURCES } from '../membership-record'

export const PLACEMENTS_KV = 'svc_idp_placements'

const placementSchema = z
  .object({
    group: z.string(),
    id: z.string(),
    /** What made the service put them there; none when they were in the group before it did anything. */
    source: z.enum(MEMBERSHIP_SOURCES).optional(),
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    at: z.string(),
    /** Taken out: by a desk (a grant or the pass never puts them back) or by the pass itself. */
    removed: z.object({ at: z.string(), by: z.enum(['desk', 'service']) }).optional(),
  })
  .passthrough()
export type Placement = z.infer<typeof placementSchema>

export interface Placements {
  get(group: string, id: string): Promise<Placement | null>
  put(placement: Placement): Promise<void>
  inGroup(group: string): Promise<Placement[]>
}

const keyOf = (group: string, id: string) => encodeKvKey(`${group}:${id}`)

export function createPlacements(kv: BusKv): Placements {
  const parse = (value: Uint8Array | undefined) => {
    const parsed = placementSchema.safeParse(value === undefined ? undefined : decodeJsonOrUndefined(value))
    return parsed.success ? parsed.data : null
  }
  return {
    get: async (group, id) => parse((await kv.get(keyOf(group, id)))?.value),
    async put(placement) {
      await kv.put(keyOf(placement.group, placement.id), placement)
    },
    async inGroup(group) {
      const all = (await kv.entries(encodeKvKey(`${group}:`))).map((entry) => parse(entry.value))
      return all.filter((found): found is Placement => found?.group === group)
    },
  }
}
