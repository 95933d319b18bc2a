import { defineEventHandler, type H3Event } from 'h3'
import { defineNitroPlugin } from 'nitropack/runtime'
import { serveCachedPage } from '../../utils/cached-page'
import { getRateDecision } from '../../utils/rate-decision'

// Most requests are anonymous views of pages already kept in the page cache.
// They are answered here, in front of the app's own handler: counted by the
// rate limit, then served from memory without Nitro's request hooks and the
// middleware chain, which cost more than the page itself. Anything else
// (a miss, a session, a post, an over-limit caller) goes to the app as before.
const PKG = '/pkg/'

export default defineNitroPlugin((nitroApp) => {
  const app = nitroApp.h3App
  // The app's own handler resolves once it has answered; its value is not used.
  const routed = app.handler as (event: H3Event) => Promise<unknown>
  app.handler = defineEventHandler((event) => {
    const method = event.method
    // The files pages are made of stay uncounted (SPEC 8): the static layer answers those.
    if ((method !== 'GET' && method !== 'HEAD') || event.path.startsWith(PKG)) return routed(event)
    if (getRateDecision(event).ok && serveCachedPage(event) !== undefined) return
    return routed(event)
  })
})
