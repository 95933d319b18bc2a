// Records put on the same NATS bus the service runs on, from the test
// process, through the records layer: the service sees them as it would see
// another instance's. Filing times are a test clock, a minute apart.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import type { SiteModel } from '../../server/content/model'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { createRecords, type Records } from '../../server/records/records'
import type { FieldValues, RecordView } from '../../server/records/types'
import { loadDemo } from '../support/demo-site'
import { DEMO } from '../support/server'
import { testEffects } from '../records/record-effects'

export interface Seeder {
  readonly site: SiteModel
  readonly bus: Bus
  readonly index: RecordIndex
  readonly records: Records
  file(bucket: string, fields: FieldValues, storyline?: string): Promise<RecordView>
  move(view: RecordView, edge: string): Promise<RecordView>
  close(): Promise<void>
}

const SEEDER = { kind: 'person', subject: 'seeder', name: 'Sam Seeder' } as const

export async function openSeeder(natsUrl: string, contentDir: string): Promise<Seeder> {
  const site = await loadDemo(contentDir)
  const bus = await createNatsBus({ url: natsUrl })
  const index = createRecordIndex(bus, { repairDelayMs: 50 })
  await index.ready
  let minute = 0
  const now = () => new Date(Date.UTC(2030, 0, 1, 8, minute++))
  const records = createRecords({
    bus,
    site: () => site,
    index,
    now,
    effects: testEffects(bus, index, 'http://127.0.0.1/'),
  })
  return {
    site,
    bus,
    index,
    records,
    file: (bucket, fields, storyline = 'plain') =>
      records.file({
        bucket,
        storyline,
        fields,
        submitter: 'session:seed',
        actor: { kind: 'visitor', session: 'seed' },
      }),
    async move(view, edge) {
      return (
        await records.move({ bucket: view.bucket, id: view.id, edge, via: 'desk', expectSeq: view.seq, actor: SEEDER })
      ).record
    },
    async close() {
      index.close()
      await bus.close()
    },
  }
}

/**
 * The demo content plus one policy file, so the desk has a move the policy
 * takes away from one group (docs/content.md, Policy), and records of one
 * storyline that group may not read although its desk reads their bucket.
 */
export function contentWithForbid(extra?: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-desk-content-'))
  cpSync(DEMO, dir, { recursive: true })
  writeFileSync(
    join(dir, 'policy/desk-test.cedar'),
    [
      '// The road crew may not reject reports, although their desk has the button.',
      'forbid (principal in Group::"road_crew", action == Action::"move", resource in Bucket::"potholes")',
      'when { context.edge == "reject" };',
      '',
      '// Records told in the "sealed" storyline are not the road crew\'s to read.',
      'forbid (principal in Group::"road_crew", action == Action::"read", resource is Record)',
      'when { resource.storyline == "sealed" };',
      '',
    ].join('\n'),
  )
  if (extra !== undefined) writeFileSync(join(dir, 'policy/test-extra.cedar'), extra)
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
