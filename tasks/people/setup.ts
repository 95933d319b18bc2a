import { defineTask } from 'nitropack/runtime'
import { runPeopleSetup } from '../../server/app/people-setup'

// The minute-spaced retry of the people set-up; a no-op once it has succeeded.
export default defineTask({
  meta: { name: 'people:setup', description: 'Invite the first person (SEED_ADMIN_*) until it has been done' },
  async run() {
    await runPeopleSetup()
    return { result: 'ok' }
  },
})
