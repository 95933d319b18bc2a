import { defineNitroPlugin } from 'nitropack/runtime'
import { listenForAppliedSuggestions } from '../app/suggestions'
import { log } from '../log'

// Not awaited: an accepted suggestion is seen applied at the next reload whatever happens here.
export default defineNitroPlugin(() => {
  listenForAppliedSuggestions().catch((error: unknown) =>
    log('error', 'suggestions', '[svc] [suggestions] cannot hear content reloads; accepted suggestions stay accepted', {
      error: (error as Error).message,
    }),
  )
})
