// The embedded bus's work queue (Bus.consume): a follow from the stream's
// start plus a JSON-lines file per consumer that says which messages are
// done and when each waiting one is due again, so a restart neither repeats
// finished work nor forgets a pause. One process owns the bus, so one
// consumer of a name runs at a time.
import { join } from 'node:path'
import { logBusError } from './errors'
import { appendJsonLine, readJsonLines } from './json-lines'
import { assertName } from './subjects'
import { handlerRetryMs } from './handler-retry'
import type { Bus, StreamMessage, WorkOutcome } from './types'

type WorkLine = { seq: number; done: true } | { seq: number; attempt: number; dueAt: number }

interface Waiting {
  attempt: number
  dueAt: number
}

export function createLocalWork(
  dir: string,
  follow: Bus['follow'],
): { consume: Bus['consume']; pending: Bus['workPending'] } {
  // Per running queue: the messages followed and not yet done.
  const open = new Map<string, Set<number>>()
  const consume: Bus['consume'] = async (stream, durable, subjectFilter, { concurrency }, handler) => {
    assertName('consumer', durable)
    const path = join(dir, `${stream}.${durable}.work.jsonl`)
    const unfinished = new Set<number>()
    open.set(`${stream} ${durable}`, unfinished)
    const done = new Set<number>()
    const waiting = new Map<number, Waiting>()
    for (const line of readJsonLines<WorkLine>(path)) {
      if ('done' in line) {
        done.add(line.seq)
        waiting.delete(line.seq)
      } else waiting.set(line.seq, { attempt: line.attempt, dueAt: line.dueAt })
    }
    const queue: StreamMessage[] = []
    const timers = new Set<NodeJS.Timeout>()
    let running = 0
    let stopped = false

    const finish = (message: StreamMessage, attempt: number, outcome: WorkOutcome) => {
      if ('done' in outcome) {
        done.add(message.seq)
        unfinished.delete(message.seq)
        waiting.delete(message.seq)
        appendJsonLine(path, { seq: message.seq, done: true })
        return
      }
      const dueAt = Date.now() + outcome.retryInMs
      waiting.set(message.seq, { attempt, dueAt })
      appendJsonLine(path, { seq: message.seq, attempt, dueAt })
      later(message, outcome.retryInMs)
    }
    const later = (message: StreamMessage, ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        queue.push(message)
        pump()
      }, ms)
      timers.add(timer)
    }
    const pump = () => {
      while (!stopped && running < concurrency) {
        const message = queue.shift()
        if (message === undefined) return
        const attempt = (waiting.get(message.seq)?.attempt ?? 0) + 1
        running++
        void handler({ ...message, attempt })
          .catch((error: unknown): WorkOutcome => {
            logBusError(`work handler ${durable} on ${stream} failed at ${message.seq}`, error)
            return { retryInMs: handlerRetryMs(error, attempt) }
          })
          .then((outcome) => {
            running--
            if (!stopped) finish(message, attempt, outcome)
            pump()
          })
      }
    }

    const unfollow = await follow(stream, subjectFilter, { fromSeq: 1 }, (message) => {
      if (done.has(message.seq)) return
      unfinished.add(message.seq)
      const dueIn = (waiting.get(message.seq)?.dueAt ?? 0) - Date.now()
      if (dueIn > 0) later(message, dueIn)
      else {
        queue.push(message)
        pump()
      }
    })
    return () => {
      stopped = true
      unfollow()
      for (const timer of timers) clearTimeout(timer)
    }
  }
  return { consume, pending: async (stream, durable) => open.get(`${stream} ${durable}`)?.size ?? 0 }
}
