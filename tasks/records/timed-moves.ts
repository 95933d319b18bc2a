import { defineTask } from 'nitropack/runtime'
import { useContent } from '../../server/app/content'
import { useRecords } from '../../server/app/records'
import { log } from '../../server/log'
import { runTimedMoves } from '../../server/records/timed-moves'

// Every instance runs this; the expected-sequence append lets one move win.
export default defineTask({
  meta: { name: 'records:timed-moves', description: 'Move records whose state declares after: { days, to }' },
  async run() {
    const [{ records, index }, { site }] = await Promise.all([useRecords(), useContent()])
    const outcome = await runTimedMoves({ records, index, site, now: new Date() })
    if (outcome.moved > 0 || outcome.skipped > 0) log('info', 'records', 'timed moves', { ...outcome })
    return { result: outcome }
  },
})
