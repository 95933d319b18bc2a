import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream'

// nats-server's codes for a stream made a moment ago by someone else: its
// subjects, or its name, taken (nats-server 2.9's errors.json).
const STREAM_SUBJECT_OVERLAP = 10065
const STREAM_NAME_IN_USE = 10058

/** Two instances making one bucket at once: the one answered so finds it made, and opens it on a second try. */
export function isMadeMeanwhile(error: unknown): boolean {
  return (
    error instanceof JetStreamApiError && (error.code === STREAM_SUBJECT_OVERLAP || error.code === STREAM_NAME_IN_USE)
  )
}

// What JetStream answers when an expected last (subject) sequence is stale;
// KV create and update are built on the same check.
export function isWrongLastSequence(error: unknown): boolean {
  return (
    error instanceof JetStreamApiError &&
    (error.code === JetStreamApiCodes.StreamWrongLastSequence ||
      error.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  )
}
