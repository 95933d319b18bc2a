import { defineTask } from 'nitropack/runtime'
import { useContent } from '../../server/app/content'
import { useRecords } from '../../server/app/records'
import { log } from '../../server/log'
import { runRetention } from '../../server/records/retention'

// Every instance runs this; the records layer makes two erasures of one record one.
export default defineTask({
  meta: { name: 'records:retention', description: "Erase the personal data of records past their bucket's retention:" },
  async run() {
    const [{ records, index }, { site }] = await Promise.all([useRecords(), useContent()])
    const outcome = await runRetention({ records, index, site, now: new Date() })
    if (outcome.erased > 0 || outcome.skipped > 0) log('info', 'records', 'retention', { ...outcome })
    return { result: outcome }
  },
})
