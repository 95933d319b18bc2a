import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream'

// What JetStream answers when an expected last (subject) sequence is stale;
// KV create and update are built on the same check.
export function isWrongLastSequence(error: unknown): boolean {
  return (
    error instanceof JetStreamApiError &&
    (error.code === JetStreamApiCodes.StreamWrongLastSequence ||
      error.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  )
}
