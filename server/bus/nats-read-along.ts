// Reading a stream message by message while no consumer can be made. On a
// cluster every consumer, even an ephemeral R1 one, is placed by the meta
// leader: while it is being elected (4 to 10 s) a follow that must reopen
// gets nothing, though the stream's own leader still takes writes and answers
// reads. Reading by sequence needs only that leader, so a follow keeps up,
// a message per round trip, until a consumer can be made again.
import type { JetStreamManager, JsMsg, MsgRequest, NextMsgRequest } from '@nats-io/jetstream'
import { answeredWithin } from './answered-within'

/** What a follow hands over, whether a consumer delivered it or it was read by sequence. */
export type FollowedMessage = Pick<JsMsg, 'subject' | 'seq' | 'data' | 'time' | 'headers'>

/**
 * Hands over every message matching `subjectFilter` from `from` on, in order, until the stream has no more or
 * `keepGoing` says stop; answers the sequence after the last one handed over. Fails as unavailable when the stream
 * does not answer within `waitMs` (no stream leader either).
 */
export async function readAlong(
  jsm: JetStreamManager,
  stream: string,
  subjectFilter: string,
  from: number,
  waitMs: number,
  handOver: (message: FollowedMessage) => Promise<void>,
  keepGoing: () => boolean,
): Promise<number> {
  let next = from
  while (keepGoing()) {
    // The first match at or after `next`, skipping removed sequences: the server takes this since 2.9 and the
    // client passes it through, though its type for this call only names the simpler requests.
    const request: NextMsgRequest = { seq: next, next_by_subj: subjectFilter }
    const stored = await answeredWithin(
      jsm.streams.getMessage(stream, request as unknown as MsgRequest),
      waitMs,
      `reading ${stream} from ${next}`,
    )
    if (stored === null || !keepGoing()) break
    const { subject, seq, data, time, header } = stored
    await handOver({ subject, seq, data, time, headers: header })
    next = seq + 1
  }
  return next
}
