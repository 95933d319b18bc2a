import { defineNitroPlugin } from 'nitropack/runtime'
import { runPeopleSetup } from '../app/people-setup'
import { listenForReloads } from '../app/responsible-setup'
import { log } from '../log'

// Beside start-up, not in its way: nothing awaits this, and the people:setup
// task retries a failure a minute later.
export default defineNitroPlugin(() => {
  void runPeopleSetup()
  listenForReloads().catch((error: unknown) =>
    log('error', 'people', '[svc] [people] cannot hear content reloads; the responsible pass runs each minute only', {
      error: (error as Error).message,
    }),
  )
})
