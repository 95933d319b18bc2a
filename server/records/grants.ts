// `grants: <group>` on a state: entering it adds the submitter to the group.
import type { Bucket } from '../content/model'
import { log } from '../log'
import type { Memberships } from './memberships'
import { grantee } from './person'
import type { RecordView } from './types'

export async function applyGrant(memberships: Memberships, bucket: Bucket, view: RecordView, since: string): Promise<void> {
  const group = bucket.states.find((state) => state.name === view.state)?.grants
  if (group === undefined) return
  const person = grantee(bucket, view)
  if (person === null) {
    log('info', 'records', 'nobody to grant a group to', { bucket: view.bucket, record: view.id, group })
    return
  }
  await memberships.grant(group, person, since)
}
