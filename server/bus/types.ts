// The one interface the service uses to talk to its message bus. Two
// implementations pass the same contract tests: NATS JetStream (nats.ts) and
// the embedded single-process bus (local.ts).
//
// Payloads: every write takes `BusData` (bytes, or any JSON value that is an
// object or array, encoded as UTF-8 JSON); every read hands back bytes.
// The bus stores bytes because NATS does and because other processes (the
// mailer) read the same messages; encoding objects in exactly one place
// means both buses store identical bytes, and readers decide how to decode
// (`decodeJson` in payload.ts) instead of the bus guessing.

export type BusData = Uint8Array | object

export type Unsubscribe = () => void

export type BusStatus = 'connected' | 'reconnecting' | 'closed'

export interface AppendOptions {
  // The stream sequence of the last message on this exact subject, 0 when
  // the subject must still be empty. A mismatch throws BusConflictError.
  expectLastSubjectSequence?: number
  // Retries with the same id within the de-duplication window (2 minutes)
  // are stored once and answered with the first append's sequence.
  msgId?: string
}

export interface AppendResult {
  seq: number
  duplicate: boolean
}

export interface StreamMessage {
  subject: string
  seq: number
  data: Uint8Array
  time: Date
}

export interface FollowOptions {
  // First stream sequence to deliver; default 1 (the whole stream).
  fromSeq?: number
}

/** A message handed out for work, with how many times it has been handed out (1 the first time). */
export interface WorkMessage extends StreamMessage {
  attempt: number
}

/** What became of a piece of work: done (never handed out again), or to be tried again after a pause. */
export type WorkOutcome = { done: true } | { retryInMs: number }

export interface BusMessage {
  subject: string
  data: Uint8Array
}

export interface KvEntry {
  value: Uint8Array
  revision: number
}

export interface KvListedEntry extends KvEntry {
  key: string
}

export interface KvChange {
  key: string
  // null when the key was deleted
  value: Uint8Array | null
}

export interface KvOptions {
  // Bucket max_age, fixed when the bucket is first created (NATS 2.9 has no
  // per-key TTL): entries older than this disappear. Records needing an
  // exact expiry carry their own and check it on load.
  maxAgeMs?: number
}

// Keys follow NATS KV rules: `[-/_=.a-zA-Z0-9]`, `.` separates tokens, no
// empty token. kv-driver.ts maps arbitrary unstorage keys onto this.
export interface BusKv {
  get(key: string): Promise<KvEntry | null>
  // Never overwrites: throws BusConflictError when the key holds a value.
  create(key: string, value: BusData): Promise<number>
  // Throws BusConflictError unless `revision` is the key's current one.
  update(key: string, value: BusData, revision: number): Promise<number>
  put(key: string, value: BusData): Promise<number>
  // Writes `value` as the key's only value: no earlier value of it stays,
  // in the bucket's history or on disk (an erasure, docs/privacy.md).
  replace(key: string, value: BusData): Promise<number>
  delete(key: string): Promise<void>
  // Keys starting with `prefix` (a plain string prefix, not a wildcard).
  keys(prefix?: string): Promise<string[]>
  // The same keys with their values, each as `get` read it during the listing.
  entries(prefix?: string): Promise<KvListedEntry[]>
  // Changes made after the watch is set up; existing values are not replayed.
  watch(onChange: (change: KvChange) => void): Promise<Unsubscribe>
}

// Whole values too large for one message (NATS refuses a payload over 1 MB
// by default): stored in chunks, read back whole. Names follow the key rules.
export interface BusObjects {
  // Replaces the object once all of it is stored: a reader gets the previous
  // value or this one, never part of either.
  put(name: string, data: Uint8Array): Promise<void>
  // null when nothing is stored under `name`.
  get(name: string): Promise<Uint8Array | null>
}

export interface Bus {
  // Creates the stream, or updates its subjects when they differ.
  ensureStream(name: string, subjects: string[]): Promise<void>
  // Throws BusConflictError when expectLastSubjectSequence does not match.
  append(stream: string, subject: string, data: BusData, options?: AppendOptions): Promise<AppendResult>
  // Replays the stored messages matching `subjectFilter` (one filter, `*`
  // and `>` allowed) from `fromSeq`, then keeps delivering new ones, in
  // stream order, one at a time: the next message waits for the handler's
  // promise. A handler that throws is logged and the follow goes on.
  follow(
    stream: string,
    subjectFilter: string,
    options: FollowOptions,
    onMessage: (message: StreamMessage) => void | Promise<void>,
  ): Promise<Unsubscribe>
  // A durable work queue over a stream: every message matching
  // `subjectFilter`, from the first stored, is handed to one handler among
  // all consumers named `durable` on the bus (several processes share the
  // work), up to `concurrency` at a time here. It is handed out again after
  // the handler's pause, after a handler that threw (a minute later), and
  // after a crash or restart, until a handler answers done; what a restart
  // finds waiting keeps its pause.
  consume(
    stream: string,
    durable: string,
    subjectFilter: string,
    options: { concurrency: number },
    handler: (message: WorkMessage) => Promise<WorkOutcome>,
  ): Promise<Unsubscribe>
  // Messages of the work queue `durable` (see consume) not yet answered done:
  // not handed out yet, under way, or waiting out a pause; 0 before the queue exists.
  workPending(stream: string, durable: string): Promise<number>
  // Sequence of the last message on `subject`, 0 when there is none.
  lastSubjectSequence(stream: string, subject: string): Promise<number>
  // Sequence of the stream's last message, 0 when it is empty: how far a
  // follower must get to have seen everything stored when it started.
  lastSequence(stream: string): Promise<number>

  // Creates the bucket if missing. Open each bucket once and keep the
  // handle: on NATS every call is a round trip to the server.
  kv(bucket: string, options?: KvOptions): Promise<BusKv>
  // Creates the object bucket if missing; open once and keep the handle, as with kv.
  objects(bucket: string): Promise<BusObjects>

  // Fire and forget, to whoever subscribes at that moment.
  publish(subject: string, data: BusData): void
  // Resolves once the subscription is live, so a publish after it is seen.
  subscribe(subject: string, handler: (message: BusMessage) => void | Promise<void>): Promise<Unsubscribe>
  // Throws BusNoReplyError when no responder exists or none answers in time,
  // and an error naming the subject when the responder's handler threw.
  request(subject: string, data: BusData, options: { timeoutMs: number }): Promise<Uint8Array>
  // Each request is answered by one responder, even with several instances.
  respond(subject: string, handler: (data: Uint8Array) => Promise<BusData>): Promise<Unsubscribe>

  status(): BusStatus
  // Called after each reconnection: messages published meanwhile were missed,
  // so listeners that must not miss one catch up here. Never on the local bus.
  onReconnect(handler: () => void): Unsubscribe
  // Readiness: false while reconnecting or after close.
  isConnected(): boolean
  close(): Promise<void>
}
