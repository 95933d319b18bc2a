// `grants: <group>` on a state: entering it adds the submitter to the group.
import type { Bucket } from '../content/model'
import { log } from '../log'
import type { PersonKeys } from '../people/memberships'
import { grantee } from './person'
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

export async function applyGrant(grants: GroupGrants, bucket: Bucket, view: RecordView, since: string): Promise<void> {
  const grant = grantFor(bucket, view)
  if (grant === null) return
  if (grant.person === null) {
    log('info', 'records', 'nobody to grant a group to', { bucket: view.bucket, record: view.id, group: grant.group })
    return
  }
  await grants.grant(grant.group, grant.person, since)
}
