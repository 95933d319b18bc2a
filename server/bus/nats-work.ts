// The NATS work queue (Bus.consume): one durable pull consumer per name,
// kept on the server, so every process consuming by that name shares its
// messages and its progress outlives them all. A message is acked when its
// handler is done, nak'd with the handler's pause to be redelivered, and
// redelivered by the server after the ack wait if its process died.
import { AckPolicy, DeliverPolicy, JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream'
import type { ConsumerMessages, JetStreamClient, JetStreamManager, JsMsg } from '@nats-io/jetstream'
import { log } from '../log'
import { busError, logBusError } from './errors'
import { assertName } from './subjects'
import { handlerRetryMs } from './handler-retry'
import type { Bus, WorkOutcome } from './types'

// A handler gets this long before the server hands its message to another
// (so a process that died holds its messages this long at most); a longer
// handler tells the server it is still working.
const ACK_WAIT_MS = 30_000
const WORKING_EVERY_MS = 10_000
const REOPEN_MS = 1000
// A pull outlived by a lost node is noticed within two heartbeats, half of this each.
const PULL_EXPIRES_MS = 5000

const nanos = (ms: number) => ms * 1_000_000

export function createNatsWork(js: JetStreamClient, jsm: JetStreamManager): Bus['consume'] {
  return async (stream, durable, subjectFilter, { concurrency }, handler) => {
    assertName('consumer', durable)
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      // A single filter subject: nats-server 2.9 has no `filter_subjects`.
      filter_subject: subjectFilter,
      ack_wait: nanos(ACK_WAIT_MS),
      max_deliver: -1,
      max_ack_pending: Math.max(concurrency * 4, 64),
    }
    // Adding an existing durable with the same settings is a no-op; another process may have made it first.
    await jsm.consumers.add(stream, config).catch(async (error: unknown) => {
      if ((await jsm.consumers.info(stream, durable).catch(() => null)) === null) throw error
    })
    let stopped = false
    let current: ConsumerMessages | null = null
    let running = 0
    let wake: (() => void) | null = null

    const work = async (message: JsMsg) => {
      const working = setInterval(() => message.working(), WORKING_EVERY_MS)
      let outcome: WorkOutcome
      try {
        outcome = await handler({
          subject: message.subject,
          seq: message.seq,
          data: message.data,
          time: new Date(Math.floor(message.info.timestampNanos / 1_000_000)),
          attempt: message.info.deliveryCount,
        })
      } catch (error) {
        logBusError(`work handler ${durable} on ${stream} failed at ${message.seq}`, error)
        outcome = { retryInMs: handlerRetryMs(error, message.info.deliveryCount) }
      } finally {
        clearInterval(working)
      }
      // A stopped consumer leaves the message to the ack wait: another process takes it then.
      if (stopped) return
      if ('done' in outcome) await message.ackAck().catch((error: unknown) => logBusError('ack failed', error))
      else message.nak(outcome.retryInMs)
    }

    // As a follow's (nats-follow.ts): after two missed heartbeats the client only pulls again, which a consumer on
    // a lost node never answers, and a consumer on a node catching up after a restart may let every pull expire
    // with messages pending. Stopping the pull here makes the loop start it again, on whichever node leads it now;
    // unacknowledged messages stay with the durable consumer. Pending work at one expired pull is not enough: a
    // message stored as the pull expired is on its way, and a pull stopped then leaves it unacknowledged until the
    // ack wait. Starved is pending work at two expired pulls running, with nothing delivered in between.
    let deliveredAtExpiry: number | null = null
    const starvedAt = async (): Promise<boolean> => {
      const info = running === 0 ? await jsm.consumers.info(stream, durable).catch(() => null) : null
      const was = deliveredAtExpiry
      deliveredAtExpiry = info !== null && info.num_pending > 0 ? info.delivered.consumer_seq : null
      return was !== null && was === deliveredAtExpiry
    }
    const watchStatus = async (messages: ConsumerMessages) => {
      deliveredAtExpiry = null
      for await (const status of messages.status()) {
        if (stopped || current !== messages) return
        const gone = status.type === 'heartbeats_missed' && status.count >= 2
        const starved = !gone && status.type === 'debug' && status.code === 408 && (await starvedAt())
        if (!gone && !starved) continue
        if (stopped || current !== messages) return
        log('warn', 'bus', '[svc] [bus] a work consumer is given nothing; resuming', {
          stream,
          durable,
          reason: gone ? 'heartbeats missed' : 'pulls expired with messages pending',
        })
        messages.stop()
        return
      }
    }

    const loop = async () => {
      while (!stopped) {
        try {
          const consumer = await js.consumers.get(stream, durable)
          const messages = await consumer.consume({
            max_messages: concurrency,
            abort_on_missing_resource: true,
            expires: PULL_EXPIRES_MS,
          })
          current = messages
          if (stopped) messages.stop()
          watchStatus(messages).catch(() => undefined)
          for await (const message of messages) {
            if (stopped) break
            running++
            void work(message).finally(() => {
              running--
              wake?.()
            })
            // No more at once than asked for.
            while (running >= concurrency && !stopped) await new Promise<void>((resolve) => (wake = resolve))
          }
        } catch (error) {
          if (!stopped) logBusError(`consuming ${durable} on ${stream} broke off; resuming`, error)
        }
        if (!stopped) await new Promise((resolve) => setTimeout(resolve, REOPEN_MS))
      }
    }
    void loop()
    return () => {
      stopped = true
      current?.stop()
      wake?.()
    }
  }
}

// Not yet delivered, plus delivered and not acked: a message paused by a nak
// stays unacked until its handler answers done.
export function natsWorkPending(jsm: JetStreamManager): Bus['workPending'] {
  return async (stream, durable) => {
    const info = await jsm.consumers.info(stream, durable).catch((error: unknown) => {
      if (
        error instanceof JetStreamApiError &&
        (error.code === JetStreamApiCodes.ConsumerNotFound || error.code === JetStreamApiCodes.StreamNotFound)
      )
        return null
      throw busError(`reading work queue ${durable} on ${stream} failed`, error)
    })
    return info === null ? 0 : info.num_pending + info.num_ack_pending
  }
}
