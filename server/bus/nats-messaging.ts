import { headers, RequestError, TimeoutError } from '@nats-io/transport-node'
import type { Msg, NatsConnection } from '@nats-io/transport-node'
import { BusNoReplyError, busError, logBusError } from './errors'
import { plainBytes, toBytes } from './payload'
import type { Bus, BusData } from './types'

type NatsMessaging = Pick<Bus, 'publish' | 'subscribe' | 'request' | 'respond'>

// The NATS services convention for a failed request, so other NATS tools
// read the failure the same way.
const serviceErrorHeader = 'Nats-Service-Error'
const serviceErrorCodeHeader = 'Nats-Service-Error-Code'
// One queue group for all instances: each request gets one answer.
const responderQueue = 'svc'

export function createNatsMessaging(nc: NatsConnection): NatsMessaging {
  return {
    publish(subject, data) {
      try {
        nc.publish(subject, toBytes(data))
      } catch (error) {
        throw busError(`publishing on ${subject} failed`, error)
      }
    },

    async subscribe(subject, handler) {
      const subscription = nc.subscribe(subject, {
        callback: (error, message) => {
          if (error !== null) return logBusError(`subscription on ${subject} failed`, error)
          Promise.resolve()
            .then(() => handler({ subject: message.subject, data: plainBytes(message.data) }))
            .catch((failure: unknown) => logBusError(`handler on ${message.subject} failed`, failure))
        },
      })
      await nc.flush()
      return () => subscription.unsubscribe()
    },

    async request(subject, data, { timeoutMs }) {
      let reply: Msg
      try {
        reply = await nc.request(subject, toBytes(data), { timeout: timeoutMs })
      } catch (error) {
        if (error instanceof RequestError && error.isNoResponders()) {
          throw new BusNoReplyError(subject, 'no-responders', error)
        }
        if (error instanceof TimeoutError) throw new BusNoReplyError(subject, 'timeout', error)
        throw busError(`request on ${subject} failed`, error)
      }
      const failure = reply.headers?.get(serviceErrorHeader)
      if (failure) throw busError(`responder on ${subject} failed: ${failure}`)
      return plainBytes(reply.data)
    },

    async respond(subject, handler) {
      const subscription = nc.subscribe(subject, {
        queue: responderQueue,
        callback: (error, message) => {
          if (error !== null) return logBusError(`responder on ${subject} failed`, error)
          void answer(message, handler)
        },
      })
      await nc.flush()
      return () => subscription.unsubscribe()
    },
  }
}

async function answer(message: Msg, handler: (data: Uint8Array) => Promise<BusData>): Promise<void> {
  try {
    message.respond(toBytes(await handler(plainBytes(message.data))))
  } catch (error) {
    logBusError(`responder on ${message.subject} failed`, error)
    const failed = headers()
    failed.set(serviceErrorHeader, error instanceof Error ? error.message : String(error))
    failed.set(serviceErrorCodeHeader, '500')
    message.respond(undefined, { headers: failed })
  }
}
