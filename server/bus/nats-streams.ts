import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream'
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream'
import { BusConflictError, busError } from './errors'
import { isWrongLastSequence } from './nats-errors'
import { createNatsFollow } from './nats-follow'
import { createNatsWork, natsWorkPending } from './nats-work'
import { nextTurn } from './next-turn'
import { toBytes } from './payload'
import { assertName, sameSubjects } from './subjects'
import type { Bus } from './types'

type NatsStreams = Pick<
  Bus,
  'ensureStream' | 'append' | 'follow' | 'consume' | 'workPending' | 'lastSubjectSequence' | 'lastSequence'
>

export function createNatsStreams(
  js: JetStreamClient,
  jsm: JetStreamManager,
  onReconnect: Bus['onReconnect'],
): NatsStreams {
  return {
    async ensureStream(name, subjects) {
      assertName('stream', name)
      try {
        const info = await findStream(jsm, name)
        if (info === null) {
          await jsm.streams.add({ name, subjects })
        } else if (!sameSubjects(info.config.subjects ?? [], subjects)) {
          await jsm.streams.update(name, { ...info.config, subjects })
        }
      } catch (error) {
        throw busError(`ensuring stream ${name} failed`, error)
      }
    },

    async append(stream, subject, data, options = {}) {
      try {
        await nextTurn()
        const ack = await js.publish(subject, toBytes(data), {
          msgID: options.msgId,
          // Naming the stream makes a subject bound to another stream an
          // error instead of a silent write elsewhere.
          expect: { streamName: stream, lastSubjectSequence: options.expectLastSubjectSequence },
        })
        return { seq: ack.seq, duplicate: ack.duplicate }
      } catch (error) {
        if (isWrongLastSequence(error)) {
          throw new BusConflictError(
            `${subject} is not at sequence ${String(options.expectLastSubjectSequence)}`,
            error,
          )
        }
        throw busError(`append to ${stream} on ${subject} failed`, error)
      }
    },

    follow: createNatsFollow(js, jsm, onReconnect),
    consume: createNatsWork(js, jsm),
    workPending: natsWorkPending(jsm),

    async lastSubjectSequence(stream, subject) {
      try {
        const stored = await jsm.streams.getMessage(stream, { last_by_subj: subject })
        return stored?.seq ?? 0
      } catch (error) {
        throw busError(`reading last sequence of ${subject} in ${stream} failed`, error)
      }
    },

    async lastSequence(stream) {
      const info = await findStream(jsm, stream).catch((error: unknown) => {
        throw busError(`reading the state of ${stream} failed`, error)
      })
      if (info === null) throw busError(`stream ${stream} does not exist`)
      return info.state.last_seq
    },
  }
}

async function findStream(jsm: JetStreamManager, name: string) {
  try {
    return await jsm.streams.info(name)
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return null
    throw error
  }
}
