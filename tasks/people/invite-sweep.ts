import { defineTask } from 'nitropack/runtime'
import { usePeople } from '../../server/app/people'
import { log } from '../../server/log'

// Every instance runs this; compare-and-set lets one of them expire each invite.
export default defineTask({
  meta: { name: 'people:invite-sweep', description: 'Expire open invites whose link has run out' },
  async run() {
    const { invites } = await usePeople()
    const expired = await invites.sweep(new Date())
    if (expired > 0) log('info', 'people', 'invites expired', { expired })
    return { result: { expired } }
  },
})
