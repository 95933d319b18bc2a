import { BusNoReplyError, busError, logBusError } from './errors'
import { toBytes } from './payload'
import { subjectMatches } from './subjects'
import type { Bus, BusData, BusMessage } from './types'

type LocalMessaging = Pick<Bus, 'publish' | 'subscribe' | 'request' | 'respond'> & {
  close(): void
}

interface Subscriber {
  filter: string
  handler: (message: BusMessage) => void | Promise<void>
}

interface Responder {
  filter: string
  handler: (data: Uint8Array) => Promise<BusData>
}

export function createLocalMessaging(assertOpen: () => void): LocalMessaging {
  const subscribers = new Set<Subscriber>()
  const responders = new Set<Responder>()

  return {
    publish(subject, data) {
      assertOpen()
      const bytes = toBytes(data)
      for (const subscriber of subscribers) {
        if (!subjectMatches(subscriber.filter, subject)) continue
        // Later, like a message off the wire, never inside the publisher.
        queueMicrotask(() => {
          if (!subscribers.has(subscriber)) return
          Promise.resolve()
            .then(() => subscriber.handler({ subject, data: bytes.slice() }))
            .catch((error: unknown) => logBusError(`handler on ${subject} failed`, error))
        })
      }
    },

    async subscribe(subject, handler) {
      assertOpen()
      const subscriber: Subscriber = { filter: subject, handler }
      subscribers.add(subscriber)
      return () => subscribers.delete(subscriber)
    },

    async request(subject, data, { timeoutMs }) {
      assertOpen()
      const responder = [...responders].find((candidate) => subjectMatches(candidate.filter, subject))
      if (responder === undefined) throw new BusNoReplyError(subject, 'no-responders')
      const bytes = toBytes(data)
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BusNoReplyError(subject, 'timeout')), timeoutMs)
      })
      const answered = Promise.resolve()
        .then(() => responder.handler(bytes))
        .then(toBytes, (error: unknown) => {
          logBusError(`responder on ${subject} failed`, error)
          throw busError(`responder on ${subject} failed: ${error instanceof Error ? error.message : String(error)}`)
        })
      try {
        return await Promise.race([answered, timedOut])
      } finally {
        clearTimeout(timer)
      }
    },

    async respond(subject, handler) {
      assertOpen()
      const responder: Responder = { filter: subject, handler }
      responders.add(responder)
      return () => responders.delete(responder)
    },

    close() {
      subscribers.clear()
      responders.clear()
    },
  }
}
