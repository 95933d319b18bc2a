// A request the bus may never answer: a cluster electing a leader answers
// nobody until the client's 5 s timeout, though the same request a moment
// later is answered at once. Given up as unavailable after `ms`; an answer
// that comes later goes to `late` (to undo it) or is dropped.
import { BusUnavailableError } from './errors'

export function answeredWithin<T>(asked: Promise<T>, ms: number, what: string, late?: (value: T) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const given = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new BusUnavailableError(`${what} (no answer in ${ms} ms)`))
      asked.then(late, () => undefined)
    }, ms)
  })
  return Promise.race([asked, given]).finally(() => clearTimeout(timer))
}
