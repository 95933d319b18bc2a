import { defineNitroPlugin } from 'nitropack/runtime'
import { runPeopleSetup } from '../app/people-setup'

// Beside start-up, not in its way: nothing awaits this, and the people:setup
// task retries a failure a minute later.
export default defineNitroPlugin(() => {
  void runPeopleSetup()
})
