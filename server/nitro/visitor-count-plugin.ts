import { defineNitroPlugin } from 'nitropack/runtime'
import { openVisitorCounts, useVisitorCounter } from '../app/visitor-counter'

// Visitors are counted in memory per request (utils/storyline.ts) and stored
// from here, so no page view writes to the bus. Listed before the bus plugin:
// close hooks run in order, so the stop's flush goes out before the bus closes.
const FLUSH_EVERY_MS = 10_000

export default defineNitroPlugin((nitroApp) => {
  const counter = useVisitorCounter()
  // After every plugin has run (Nitro runs them in one go), so the bus plugin has started the bus.
  queueMicrotask(openVisitorCounts)
  const timer = setInterval(() => void counter.flush(), FLUSH_EVERY_MS)
  timer.unref()
  nitroApp.hooks.hook('close', async () => {
    clearInterval(timer)
    await counter.flush()
  })
})
