// The effects the app hands the records core (server/app/records.ts), for
// tests and benches that compose records themselves: mail onto SVC_MAIL and
// grants into the service's own memberships.
import type { Bus } from '../../server/bus/types'
import { createRecordEffects } from '../../server/effects/record-effects'
import { createMemberships } from '../../server/people/memberships'
import type { EventEffects } from '../../server/records/effects'
import type { GroupGrants } from '../../server/records/grants'
import type { RecordIndex } from '../../server/records/record-index'

export function testEffects(bus: Bus, index: RecordIndex, publicUrl = '', grants?: GroupGrants): EventEffects {
  return createRecordEffects({
    bus,
    grants: grants ?? createMemberships(bus),
    publicUrl,
    lookup: (bucket, id) => index.get(bucket, id),
  })
}
