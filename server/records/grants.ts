// `grants: <group>` on a state: entering it adds the submitter to the group.
import type { Bucket } from '../content/model'
import { grantee, type PersonKeys } from './person'
import type { RecordView } from './types'

/** The group the record's state grants and who gets it (null: nobody to add); null when the state grants none. */
export function grantFor(bucket: Bucket, view: RecordView): { group: string; person: PersonKeys | null } | null {
  const group = bucket.states.find((state) => state.name === view.state)?.grants
  return group === undefined ? null : { group, person: grantee(bucket, view) }
}

/** Where `grants:` go: the service's memberships, or the people backend that keeps groups. */
export interface GroupGrants {
  grant(group: string, person: PersonKeys, since: string): Promise<unknown>
}
