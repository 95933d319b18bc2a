import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream'
import type { Consumer, ConsumerMessages, JetStreamClient, JetStreamManager, JsMsg } from '@nats-io/jetstream'
import { BusConflictError, busError, logBusError } from './errors'
import { isWrongLastSequence } from './nats-errors'
import { plainBytes, toBytes } from './payload'
import { assertName, sameSubjects } from './subjects'
import type { Bus, StreamMessage } from './types'

type NatsStreams = Pick<Bus, 'ensureStream' | 'append' | 'follow' | 'lastSubjectSequence' | 'lastSequence'>

export function createNatsStreams(js: JetStreamClient, jsm: JetStreamManager): NatsStreams {
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

    async follow(stream, subjectFilter, options, onMessage) {
      // An ordered consumer recreates itself after a gap or a server restart
      // and resumes right after the last message it delivered. Passing the
      // filter as a string keeps it a single `filter_subject`: nats-server
      // 2.9 has no `filter_subjects` arrays.
      let consumer: Consumer
      let messages: ConsumerMessages
      try {
        consumer = await js.consumers.get(stream, {
          filter_subjects: subjectFilter,
          opt_start_seq: options.fromSeq ?? 1,
        })
        messages = await consumer.consume()
      } catch (error) {
        throw busError(`following ${stream} on ${subjectFilter} failed`, error)
      }
      let following = true
      void (async () => {
        for await (const message of messages) {
          // messages already buffered when unsubscribed are dropped
          if (!following) break
          try {
            await onMessage(toStreamMessage(message))
          } catch (error) {
            logBusError(`follow handler on ${stream} failed at ${message.seq}`, error)
          }
        }
      })().catch((error: unknown) => logBusError(`following ${stream} on ${subjectFilter} stopped`, error))
      return () => {
        following = false
        messages.stop()
        // Not awaited: the server also drops an idle ordered consumer itself.
        consumer.delete().catch(() => undefined)
      }
    },

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

function toStreamMessage(message: JsMsg): StreamMessage {
  return { subject: message.subject, seq: message.seq, data: plainBytes(message.data), time: message.time }
}
