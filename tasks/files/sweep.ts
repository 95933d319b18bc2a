import { defineTask } from 'nitropack/runtime'
import { useContent } from '../../server/app/content'
import { useRecords } from '../../server/app/records'
import { useStore } from '../../server/app/store'
import { sweepUploads } from '../../server/files/sweep-uploads'
import { log } from '../../server/log'

// Every instance may run it: deleting what is already gone is fine.
export default defineTask({
  meta: { name: 'files:sweep', description: 'Remove uploads no record names, a day after they were stored' },
  async run() {
    const store = useStore()
    if (store === null) return { result: { removed: 0, kept: 0 } }
    const [{ index }, { site }] = await Promise.all([useRecords(), useContent()])
    const outcome = await sweepUploads({ store, site, index, now: new Date() })
    if (outcome.removed > 0) log('info', 'files', 'uploads no record names were removed', { ...outcome })
    return { result: outcome }
  },
})
