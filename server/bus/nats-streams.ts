import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream'
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream'
import { BusConflictError, BusReplicasError, BusUnavailableError, busError } from './errors'
import { isWrongLastSequence } from './nats-errors'
import { isTooFewNodes, raiseReplicas, tooFewNodes } from './nats-replicas'
import { isTransient, retryTransient } from './nats-retry'
import { createNatsWork, natsWorkPending } from './nats-work'
import { nextTurn } from './next-turn'
import type { JsPublish } from './nats-publish'
import { toBytes } from './payload'
import { createSubjectTurns } from './subject-turns'
import { assertName, sameSubjects } from './subjects'
import type { Bus } from './types'

type NatsStreams = Pick<
  Bus,
  'ensureStream' | 'append' | 'follow' | 'consume' | 'workPending' | 'lastSubjectSequence' | 'lastSequence'
>

/**
 * One attempt of a repeatable publish; a stored message's acknowledgement takes milliseconds even under load, and
 * an election is over sooner for a filing asked again each second (a 2 s wait let a gate run's gap reach 10.5 s).
 */
const PUBLISH_WAIT_MS = 1000
const MIN_ATTEMPT_MS = 500

export function createNatsStreams(
  js: JetStreamClient,
  jsm: JetStreamManager,
  publish: JsPublish,
  follow: Bus['follow'],
  replicas: number,
): NatsStreams {
  const turns = createSubjectTurns()
  // An election answers nobody; a new leader answers at once: a repeatable
  // publish stops waiting sooner than the client's 5 s and asks again.
  const attemptWait = (remainingMs: number) => Math.max(MIN_ATTEMPT_MS, Math.min(PUBLISH_WAIT_MS, remainingMs))
  return {
    async ensureStream(name, subjects) {
      assertName('stream', name)
      // Asked again as it stands each time, so a try cut off by a leader election is safe to repeat.
      try {
        await retryTransient(async () => {
          const info = await findStream(jsm, name)
          if (info === null) {
            await jsm.streams.add({ name, subjects, num_replicas: replicas })
            return
          }
          if (!sameSubjects(info.config.subjects ?? [], subjects)) {
            await jsm.streams.update(name, { ...info.config, subjects })
          }
          await raiseReplicas(jsm, info, replicas)
        })
      } catch (error) {
        if (error instanceof BusReplicasError) throw error
        if (isTooFewNodes(error)) throw tooFewNodes(replicas, error)
        if (isTransient(error)) throw new BusUnavailableError(`ensuring stream ${name}`, error)
        throw busError(`ensuring stream ${name} failed`, error)
      }
    },

    async append(stream, subject, data, options = {}) {
      try {
        await nextTurn()
        const bytes = toBytes(data)
        // Without a wait, the client's own: a publish that must not be sent twice waits as long as it would.
        const once = (timeoutMs?: number) =>
          publish(subject, bytes, {
            timeoutMs,
            msgId: options.msgId,
            // Naming the stream makes a subject bound to another stream an
            // error instead of a silent write elsewhere.
            stream,
            expectLastSubjectSequence: options.expectLastSubjectSequence,
          })
        const safeToRepeat = options.msgId !== undefined || options.expectLastSubjectSequence !== undefined
        const send = () => (safeToRepeat ? retryTransient((left) => once(attemptWait(left))) : once())
        return await (options.expectLastSubjectSequence === undefined ? send() : turns(subject, send))
      } catch (error) {
        if (isTransient(error)) throw new BusUnavailableError(`append to ${stream} on ${subject}`, error)
        if (isWrongLastSequence(error) && options.msgId !== undefined) {
          // A clustered stream checks the expected sequence before the
          // de-duplication id, so a retry of a stored guarded append lands here.
          const stored = await storedWithId(jsm, stream, subject, options.msgId)
          if (stored !== null) return { seq: stored, duplicate: true }
        }
        if (isWrongLastSequence(error)) {
          throw new BusConflictError(
            `${subject} is not at sequence ${String(options.expectLastSubjectSequence)}`,
            error,
          )
        }
        throw busError(`append to ${stream} on ${subject} failed`, error)
      }
    },

    follow,
    consume: createNatsWork(js, jsm),
    workPending: natsWorkPending(jsm),

    async lastSubjectSequence(stream, subject) {
      try {
        const stored = await jsm.streams.getMessage(stream, { last_by_subj: subject })
        return stored?.seq ?? 0
      } catch (error) {
        // A stream electing its leader answers nobody for a moment: a 503 to try again, never a 500.
        if (isTransient(error)) throw new BusUnavailableError(`reading last sequence of ${subject} in ${stream}`, error)
        throw busError(`reading last sequence of ${subject} in ${stream} failed`, error)
      }
    },

    async lastSequence(stream) {
      const info = await findStream(jsm, stream).catch((error: unknown) => {
        if (isTransient(error)) throw new BusUnavailableError(`reading the state of ${stream}`, error)
        throw busError(`reading the state of ${stream} failed`, error)
      })
      if (info === null) throw busError(`stream ${stream} does not exist`)
      return info.state.last_seq
    },
  }
}

async function storedWithId(jsm: JetStreamManager, stream: string, subject: string, msgId: string) {
  const last = await jsm.streams.getMessage(stream, { last_by_subj: subject }).catch(() => null)
  return last !== null && last.header.get('Nats-Msg-Id') === msgId ? last.seq : null
}

async function findStream(jsm: JetStreamManager, name: string) {
  try {
    return await jsm.streams.info(name)
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return null
    throw error
  }
}
