import { defineEventHandler, send, type H3Event } from 'h3'
import { defineNitroPlugin } from 'nitropack/runtime'
import { answerFilingPost } from '../../utils/filing-post'
import { getRateDecision } from '../../utils/rate-decision'
import loadSession from './session'

// Filing is the post a public site gets most of, and Nitro's own pipeline
// (request hooks, route rules, three middleware each awaited, the router)
// cost it about a tenth of the service's CPU (docs/performance.md, "In front
// of the app"). A post to /file/<bucket> is answered here, in front of the app,
// with what that pipeline gives it: the same rate-limit decision, the same
// session middleware, the same route code and the route's metrics label.
// Errors go to the app's error handler as a route's do. A path with a query,
// more segments or an escape (%) goes to the app: its router decodes and
// decides those. Nitro's request hooks and route rules never see what is
// answered here; none is registered for /file (only /pkg files have rules).
// Like the page fast path, this assumes the app is served at /.
const FILING = /^\/file\/([^/?#%]+)$/
// The router's pattern for routes/file/[bucket].post.ts, for the metrics label.
const FILING_ROUTE = { path: '/file/:bucket', handlers: {} }

export default defineNitroPlugin((nitroApp) => {
  const app = nitroApp.h3App
  const routed = app.handler as (event: H3Event) => Promise<unknown>
  app.handler = defineEventHandler((event) => {
    const bucket = event.method === 'POST' ? FILING.exec(event.path)?.[1] : undefined
    // Over the limit, the app's rate-limit middleware answers with the decision taken here.
    if (bucket === undefined || !getRateDecision(event).ok) return routed(event)
    return answer(event, bucket)
  })
})

async function answer(event: H3Event, bucket: string): Promise<void> {
  // The middleware's answer, when it has one, is the 503 page of a sessions bucket that cannot answer, counted
  // as the app counts it: before any route.
  let body: string | Buffer | undefined = await loadSession(event)
  if (body === undefined) {
    event.context.matchedRoute = FILING_ROUTE
    body = await answerFilingPost(event, bucket)
  }
  // As the app sends a handler's value: a page body, unless the answer (a redirect) was sent already.
  if (body !== undefined && !event.handled) await send(event, body, 'text/html')
}
