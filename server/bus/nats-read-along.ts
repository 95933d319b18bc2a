// Reading a stream message by message while no consumer can be made. On a
// cluster every consumer, even an ephemeral R1 one, is placed by the meta
// leader: while it is being elected (4 to 10 s) a follow that must reopen
// gets nothing, though the stream's own leader still takes writes and answers
// reads. Reading by sequence needs only that leader, so a follow keeps up,
// a message per round trip, until a consumer can be made again.
import type { JetStreamManager, JsMsg, MsgRequest, NextMsgRequest, StoredMsg } from '@nats-io/jetstream'
import { answeredWithin } from './answered-within'

/** What a follow hands over, whether a consumer delivered it or it was read by sequence. */
export type FollowedMessage = Pick<JsMsg, 'subject' | 'seq' | 'data' | 'time' | 'headers'>

/**
 * Hands over the messages matching `subjectFilter` from `from` on, in order, at most `limit` of them, stopping early
 * when the stream has no more or `keepGoing` says stop; answers whether it reached the stream's end. A message per
 * round trip is slow beside a consumer: the caller reads in such slices, so it can switch to a consumer as soon as
 * one is made. Fails as unavailable when the stream does not answer within `waitMs` (no stream leader either).
 */
export async function readAlong(
  jsm: JetStreamManager,
  stream: string,
  subjectFilter: string,
  from: number,
  { waitMs, limit }: { waitMs: number; limit: number },
  handOver: (message: FollowedMessage) => Promise<void>,
  keepGoing: () => boolean,
): Promise<boolean> {
  let next = from
  for (let read = 0; read < limit && keepGoing(); read++) {
    const stored = await firstFrom(jsm, stream, subjectFilter, next, waitMs)
    if (stored === null) return true
    if (!keepGoing()) break
    const { subject, seq, data, time, header } = stored
    await handOver({ subject, seq, data, time, headers: header })
    next = seq + 1
  }
  return false
}

/** The first message matching `subjectFilter` at or after `seq` (removed sequences skipped), null when none yet. */
export function firstFrom(
  jsm: JetStreamManager,
  stream: string,
  subjectFilter: string,
  seq: number,
  waitMs: number,
): Promise<StoredMsg | null> {
  // The server takes next_by_subj since 2.9 and the client passes it through, though its type for this call only
  // names the simpler requests.
  const request: NextMsgRequest = { seq, next_by_subj: subjectFilter }
  return answeredWithin(
    jsm.streams.getMessage(stream, request as unknown as MsgRequest),
    waitMs,
    `reading ${stream} from ${seq}`,
  )
}
