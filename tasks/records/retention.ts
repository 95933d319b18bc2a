import { defineTask } from 'nitropack/runtime'
import { useContent } from '../../server/app/content'
import { useRecords } from '../../server/app/records'
import { useRetentionLease } from '../../server/app/retention-lease'
import { log } from '../../server/log'
import { runRetention } from '../../server/records/retention'

// One instance at a time (the lease); should two overlap, the records layer makes two erasures of one record one.
export default defineTask({
  meta: { name: 'records:retention', description: "Erase the personal data of records past their bucket's retention:" },
  async run() {
    // Another instance holds the sweep this minute.
    if (!(await useRetentionLease().hold())) return { result: { erased: 0, skipped: 0 } }
    const [{ records, index }, { site }] = await Promise.all([useRecords(), useContent()])
    const outcome = await runRetention({ records, index, site, now: new Date() })
    if (outcome.erased > 0 || outcome.skipped > 0) log('info', 'records', 'retention', { ...outcome })
    return { result: outcome }
  },
})
