// Loaded with --import into a service started by a test: the wall clock runs
// SVC_TEST_CLOCK_RATE times faster, and the scheduler's own waits (croner,
// which Nitro's scheduled tasks run on) shrink by the same factor, so a task
// that runs each minute runs every few seconds while still being the real
// scheduler crossing a real minute boundary. Every other timer keeps its real
// length: the bus's request time-outs and the like must not shrink.
const rate = Number(process.env.SVC_TEST_CLOCK_RATE)
if (Number.isFinite(rate) && rate > 1) {
  const RealDate = Date
  const realNow = RealDate.now.bind(RealDate)
  const origin = realNow()
  const now = () => Math.round(origin + (realNow() - origin) * rate)
  class FastDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(now())
      else super(...args)
    }
    static now() {
      return now()
    }
  }
  globalThis.Date = FastDate

  const realSetTimeout = globalThis.setTimeout
  // croner hands setTimeout a closure that calls its _checkTrigger: that wait is the schedule's.
  const fastSetTimeout = function (callback, delay, ...args) {
    const scheduled =
      typeof callback === 'function' && typeof delay === 'number' && String(callback).includes('_checkTrigger')
    return realSetTimeout(callback, scheduled ? delay / rate : delay, ...args)
  }
  Object.assign(fastSetTimeout, realSetTimeout)
  globalThis.setTimeout = fastSetTimeout
}
