import { defineNitroPlugin } from 'nitropack/runtime'
import { useVisitorCounter } from '../app/visitor-counter'

// Visitors are counted in memory per request (utils/storyline.ts) and stored
// from here, so no page view writes to the bus. Listed before the bus plugin:
// close hooks run in order, so the stop's flush goes out before the bus closes.
const FLUSH_EVERY_MS = 10_000

export default defineNitroPlugin((nitroApp) => {
  const counter = useVisitorCounter()
  const timer = setInterval(() => void counter.flush(), FLUSH_EVERY_MS)
  timer.unref()
  nitroApp.hooks.hook('close', async () => {
    clearInterval(timer)
    await counter.flush()
  })
})
