// Following a stream on NATS: an ephemeral consumer of our own, recreated
// from the next undelivered sequence after every reconnect, after a message
// lost in flight and whenever the client gives up on it. While none can be
// made (a cluster electing its meta leader) the follow reads the stream by
// sequence meanwhile (nats-read-along.ts).
//
// Not the client's ordered consumer: after a server restart @nats-io/jetstream
// 3.4 recreates it but keeps the pending count of the pulls the old server
// took with it, so the new consumer asks for a handful of messages and then
// nothing more until two idle heartbeats (15 s each) are missed. Under load
// that stalled the record index for 45 s while readiness said ok.
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream'
import type { ConsumerInfo, ConsumerMessages, JetStreamClient, JetStreamManager } from '@nats-io/jetstream'
import { nanos } from '@nats-io/transport-node'
import { log } from '../log'
import { answeredWithin } from './answered-within'
import { BusUnavailableError, busError, logBusError } from './errors'
import { firstFrom, readAlong, type FollowedMessage } from './nats-read-along'
import { isTransient } from './nats-retry'
import { plainBytes } from './payload'
import type { Bus, StreamMessage } from './types'

// A consumer nobody pulls from (its process died) is dropped by the server.
const INACTIVE_THRESHOLD_MS = 5 * 60 * 1000
// Messages asked for per pull: a replay of tens of thousands of events
// should cost few round trips.
const BATCH = 1000
// Pulls this short make the client notice within seconds that a lost node
// took the consumer with it (two missed heartbeats, half of this each).
const PULL_EXPIRES_MS = 4000
// A consumer asked for while a cluster elects a stream leader gets no answer
// until the client's 5 s timeout, though one asked for a moment later would
// be made at once: ask again after this long. (Waiting longer on later asks
// held an instance's readiness past 10 s in a gate run: an ask made during
// the election is never answered, however long it waits.)
const ADD_WAIT_MS = 1500
// Between attempts to recreate a consumer while the server is still coming back.
const RETRY_MS = [0, 100, 250, 500, 1000, 2000]
// How often the stream is read by sequence while no consumer can be made, once read to its end, and how many
// messages are read before looking again whether a consumer has been made.
const READ_EVERY_MS = 250
const READ_SLICE = 200

interface Consumption {
  readonly name: string
  readonly messages: ConsumerMessages
}

// The raw messages, headers and all: the KV watch reads its operation from them.
export type NatsFollow = (
  stream: string,
  subjectFilter: string,
  options: { fromSeq?: number },
  onMessage: (message: FollowedMessage) => Promise<void> | void,
) => Promise<() => void>

/** The bus's follow: stream messages as every implementation hands them over. */
export function followMessages(follow: NatsFollow): Bus['follow'] {
  return (stream, subjectFilter, options, onMessage) =>
    follow(stream, subjectFilter, options, (message) => onMessage(toStreamMessage(message)))
}

export function createNatsRawFollow(
  js: JetStreamClient,
  jsm: JetStreamManager,
  onReconnect: Bus['onReconnect'],
  /** The connection was closed for good: nothing left to reopen on. */
  isClosed: () => boolean,
): NatsFollow {
  return async (stream, subjectFilter, options, onMessage) => {
    let next = options.fromSeq ?? 1
    let current: Consumption | null = null
    // Settles once the newest loop has ended and its last handler returned.
    let delivering: Promise<void> = Promise.resolve()
    // Bumped by every reopen and by unsubscribe, so an older reopen gives up.
    let generation = 0
    let closed = false

    const open = async (): Promise<Consumption> => {
      const info = await addedWithin(jsm, stream, ADD_WAIT_MS, {
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: next,
        ack_policy: AckPolicy.None,
        // A single filter subject: nats-server 2.9 has no `filter_subjects`.
        filter_subject: subjectFilter,
        mem_storage: true,
        num_replicas: 1,
        inactive_threshold: nanos(INACTIVE_THRESHOLD_MS),
      })
      // Without abort, the client retries a consumer the restarted server
      // no longer has for up to 45 s; ending here lets reopen start at once.
      const messages = await js.consumers
        .getConsumerFromInfo(info)
        .consume({ max_messages: BATCH, abort_on_missing_resource: true, expires: PULL_EXPIRES_MS })
      return { name: info.name, messages }
    }

    const handOver = async (message: FollowedMessage) => {
      next = message.seq + 1
      try {
        await onMessage(message)
      } catch (error) {
        logBusError(`follow handler on ${stream} failed at ${message.seq}`, error)
      }
    }

    // While no consumer can be made: what the stream holds from `next`, read by sequence.
    const readMeanwhile = (mine: number) =>
      readAlong(
        jsm,
        stream,
        subjectFilter,
        next,
        { waitMs: ADD_WAIT_MS, limit: READ_SLICE },
        handOver,
        () => !closed && mine === generation,
      )

    // Made current before the first message is read, so the loop keeps it.
    const start = (consumption: Consumption) => {
      current = consumption
      delivering = deliver(consumption)
      watchStatus(consumption).catch(() => undefined)
    }

    // The client notices two missed heartbeats (a lost node took the consumer with it) but only pulls again, which
    // a consumer that is gone never answers; and a consumer left on a node that is catching up after a restart
    // heartbeats but hands over nothing, each pull expiring empty. Either way the follow stood still for good in
    // gate runs. Ending it here makes the loop reopen from the next undelivered sequence.
    const watchStatus = async (consumption: Consumption) => {
      for await (const status of consumption.messages.status()) {
        if (consumption !== current) return
        const gone = status.type === 'heartbeats_missed' && status.count >= 2
        if (!gone && !(status.type === 'debug' && status.code === 408 && (await starved(consumption)))) continue
        if (consumption !== current) return
        log('warn', 'bus', '[svc] [bus] a follow is given nothing; resuming after the last message delivered', {
          stream,
          subjectFilter,
          from: next,
          reason: gone ? 'heartbeats missed' : 'pull expired with messages waiting',
        })
        consumption.messages.stop()
        return
      }
    }

    // A pull expired empty although a message it should have had was already on the stream when it was made.
    const starved = async (consumption: Consumption): Promise<boolean> => {
      const from = next
      const waiting = await firstFrom(jsm, stream, subjectFilter, from, ADD_WAIT_MS).catch(() => null)
      return (
        consumption === current &&
        next === from &&
        waiting !== null &&
        Date.now() - waiting.time.getTime() > PULL_EXPIRES_MS
      )
    }

    const deliver = async (consumption: Consumption): Promise<void> => {
      let delivered = 0
      try {
        for await (const message of consumption.messages) {
          if (consumption !== current) break
          // Without acks, a message the connection dropped is never sent again.
          if (message.info.deliverySequence !== ++delivered) {
            log(
              'warn',
              'bus',
              '[svc] [bus] a followed message was lost in flight; resuming after the last one delivered',
              { stream, subjectFilter, after: next - 1 },
            )
            break
          }
          // Read by sequence while this consumer was being made.
          if (message.seq < next) continue
          await handOver(message)
        }
      } catch (error) {
        // The server dropped the consumer, or the client gave up on it.
        if (consumption === current)
          log('warn', 'bus', '[svc] [bus] a follow broke off; resuming after the last message delivered', {
            stream,
            subjectFilter,
            from: next,
            error: String(error),
          })
      }
      if (consumption === current) void reopen()
    }

    const drop = (consumption: Consumption | null) => {
      if (consumption === null) return
      consumption.messages.stop()
      // Not awaited: after a server restart it is already gone.
      jsm.consumers.delete(stream, consumption.name).catch(() => undefined)
    }

    // Reads the stream in slices until `settled` settles (or a newer reopen takes over); once at its end, every
    // READ_EVERY_MS.
    const readUntil = async (settled: Promise<unknown>, mine: number) => {
      let done = false
      void settled.then(
        () => (done = true),
        () => (done = true),
      )
      while (!done && !closed && mine === generation) {
        let atEnd = true
        delivering = readMeanwhile(mine).then(
          (reachedEnd) => void (atEnd = reachedEnd),
          () => undefined,
        )
        await delivering
        if (atEnd)
          await Promise.race([
            settled.catch(() => undefined),
            new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS)),
          ])
      }
    }

    const reopen = async () => {
      const mine = ++generation
      const old = current
      current = null
      drop(old)
      // One message at a time, even across consumers.
      await delivering
      for (let attempt = 0; !closed && !isClosed() && mine === generation; attempt++) {
        const pause = new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]))
        if (attempt === 0) await pause
        else await readUntil(pause, mine)
        if (closed || isClosed() || mine !== generation) return
        try {
          const asking = open()
          // Once a consumer could not be made, the stream is read while the next is asked for.
          if (attempt > 0) await readUntil(asking, mine)
          const opened = await asking
          if (closed || mine !== generation) return drop(opened)
          return start(opened)
        } catch (error) {
          // Every attempt failing the same way while the server is away is one line's worth.
          if (attempt === 0)
            log('warn', 'bus', '[svc] [bus] reopening a follow failed; reading the stream meanwhile', {
              stream,
              subjectFilter,
              from: next,
              error: String(error),
            })
          // The next attempt reads the stream from its first moment (readUntil), unless a newer reopen took over.
        }
      }
    }

    try {
      start(await open())
    } catch (error) {
      // A cluster electing a leader answers nothing for a moment: that passes.
      if (!isTransient(error) && !(error instanceof BusUnavailableError))
        throw busError(`following ${stream} on ${subjectFilter} failed`, error)
      // With only the meta leader away the stream still answers: the follow is in place, reading it meanwhile.
      const reading = generation
      delivering = readMeanwhile(reading).then(() => undefined)
      try {
        await delivering
      } catch (readError) {
        throw new BusUnavailableError(`following ${stream} on ${subjectFilter}`, readError)
      }
      if (reading === generation) void reopen()
    }
    const stopReconnect = onReconnect(() => void reopen())
    return () => {
      closed = true
      generation++
      stopReconnect()
      const old = current
      current = null
      drop(old)
    }
  }
}

function toStreamMessage(message: FollowedMessage): StreamMessage {
  return { subject: message.subject, seq: message.seq, data: plainBytes(message.data), time: message.time }
}

/** Adds a consumer, or fails after waitMs; one the server makes after that is deleted, never left idle. */
function addedWithin(
  jsm: JetStreamManager,
  stream: string,
  waitMs: number,
  config: Parameters<JetStreamManager['consumers']['add']>[1],
): Promise<ConsumerInfo> {
  return answeredWithin(jsm.consumers.add(stream, config), waitMs, `making a consumer on ${stream}`, (info) => {
    jsm.consumers.delete(stream, info.name).catch(() => undefined)
  })
}
