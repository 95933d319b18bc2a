import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BusConflictError, busError, logBusError } from './errors'
import { appendJsonLine, readJsonLines } from './json-lines'
import { toBytes } from './payload'
import { assertName, sameSubjects, subjectMatches } from './subjects'
import type { Bus, StreamMessage } from './types'

type LocalStreams = Pick<Bus, 'ensureStream' | 'append' | 'follow' | 'lastSubjectSequence' | 'lastSequence'> & {
  close(): void
}

// JetStream's default duplicate window.
const duplicateWindowMs = 2 * 60 * 1000

interface StoredMessage {
  seq: number
  subject: string
  time: number
  data: string
  msgId?: string
}

interface Follower {
  filter: string
  nextSeq: number
  running: boolean
  stopped: boolean
  onMessage: (message: StreamMessage) => void | Promise<void>
}

interface LocalStream {
  name: string
  subjects: string[]
  // Sequences start at 1 and nothing is ever removed: message n is at n - 1.
  messages: StreamMessage[]
  lastBySubject: Map<string, number>
  // In append order, hence oldest first.
  recentIds: Map<string, { seq: number; time: number }>
  followers: Set<Follower>
}

export function createLocalStreams(dir: string, assertOpen: () => void): LocalStreams {
  const streams = new Map<string, LocalStream>()
  const metaPath = (name: string) => join(dir, `${name}.stream.json`)
  const logPath = (name: string) => join(dir, `${name}.stream.jsonl`)

  function open(name: string): LocalStream {
    assertOpen()
    assertName('stream', name)
    const cached = streams.get(name)
    if (cached !== undefined) return cached
    if (!existsSync(metaPath(name))) throw busError(`stream ${name} does not exist`)
    const { subjects } = JSON.parse(readFileSync(metaPath(name), 'utf8')) as { subjects: string[] }
    const stream = load(name, subjects, readJsonLines<StoredMessage>(logPath(name)))
    streams.set(name, stream)
    return stream
  }

  return {
    async ensureStream(name, subjects) {
      assertOpen()
      assertName('stream', name)
      if (existsSync(metaPath(name)) && sameSubjects(open(name).subjects, subjects)) return
      writeFileSync(metaPath(name), JSON.stringify({ subjects }))
      const loaded = streams.get(name)
      if (loaded !== undefined) loaded.subjects = subjects
    },

    async append(name, subject, data, options = {}) {
      const stream = open(name)
      if (/[*>]/.test(subject) || !stream.subjects.some((filter) => subjectMatches(filter, subject))) {
        throw busError(`subject ${subject} does not belong to stream ${name}`)
      }
      const now = Date.now()
      forgetOldIds(stream, now)
      // Like JetStream, a duplicate is answered before any expectation is
      // checked, so a retry of an append that won still reports success.
      const earlier = options.msgId === undefined ? undefined : stream.recentIds.get(options.msgId)
      if (earlier !== undefined) return { seq: earlier.seq, duplicate: true }
      const last = stream.lastBySubject.get(subject) ?? 0
      const expected = options.expectLastSubjectSequence
      if (expected !== undefined && expected !== last) {
        throw new BusConflictError(`${subject} is at sequence ${last}, not ${expected}`)
      }
      const stored: StoredMessage = {
        seq: stream.messages.length + 1,
        subject,
        time: now,
        data: Buffer.from(toBytes(data)).toString('base64'),
        ...(options.msgId === undefined ? {} : { msgId: options.msgId }),
      }
      appendJsonLine(logPath(name), stored)
      remember(stream, stored)
      for (const follower of stream.followers) wake(stream, follower)
      return { seq: stored.seq, duplicate: false }
    },

    async follow(name, subjectFilter, options, onMessage) {
      const stream = open(name)
      const follower: Follower = {
        filter: subjectFilter,
        nextSeq: Math.max(options.fromSeq ?? 1, 1),
        running: false,
        stopped: false,
        onMessage,
      }
      stream.followers.add(follower)
      wake(stream, follower)
      return () => {
        follower.stopped = true
        stream.followers.delete(follower)
      }
    },

    async lastSubjectSequence(name, subject) {
      return open(name).lastBySubject.get(subject) ?? 0
    },

    async lastSequence(name) {
      return open(name).messages.length
    },

    close() {
      for (const stream of streams.values()) {
        for (const follower of stream.followers) follower.stopped = true
        stream.followers.clear()
      }
      streams.clear()
    },
  }
}

function load(name: string, subjects: string[], stored: StoredMessage[]): LocalStream {
  const stream: LocalStream = {
    name,
    subjects,
    messages: [],
    lastBySubject: new Map(),
    recentIds: new Map(),
    followers: new Set(),
  }
  for (const line of stored) remember(stream, line)
  forgetOldIds(stream, Date.now())
  return stream
}

function remember(stream: LocalStream, stored: StoredMessage): void {
  const data = new Uint8Array(Buffer.from(stored.data, 'base64'))
  stream.messages.push({ subject: stored.subject, seq: stored.seq, data, time: new Date(stored.time) })
  stream.lastBySubject.set(stored.subject, stored.seq)
  if (stored.msgId === undefined) return
  // re-inserted, not overwritten in place, to keep the map oldest first
  stream.recentIds.delete(stored.msgId)
  stream.recentIds.set(stored.msgId, { seq: stored.seq, time: stored.time })
}

function forgetOldIds(stream: LocalStream, now: number): void {
  for (const [id, { time }] of stream.recentIds) {
    if (now - time < duplicateWindowMs) return
    stream.recentIds.delete(id)
  }
}

// Delivers in a later microtask, never inside the caller of append, and one
// message at a time so a slow async handler keeps the order.
function wake(stream: LocalStream, follower: Follower): void {
  if (follower.running) return
  follower.running = true
  queueMicrotask(() => void deliver(stream, follower))
}

async function deliver(stream: LocalStream, follower: Follower): Promise<void> {
  while (!follower.stopped) {
    const message = stream.messages[follower.nextSeq - 1]
    if (message === undefined) break
    follower.nextSeq++
    if (!subjectMatches(follower.filter, message.subject)) continue
    try {
      await follower.onMessage({ ...message, data: message.data.slice() })
    } catch (error) {
      logBusError(`follow handler on ${stream.name} failed at ${message.seq}`, error)
    }
  }
  follower.running = false
}
