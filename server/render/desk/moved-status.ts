// The message after a move (post/redirect/get carries `?moved=<edge>`).
import type { Bucket } from '../../content/model'
import { said, type Said } from '../../messages/said'
import { stateLabel } from './state-label'

/** "Moved to Accepted" for a desk move of the bucket; nothing for anything else. */
export function deskMovedStatus(bucket: Bucket, moved: unknown, story: number): Said | undefined {
  const move = typeof moved === 'string' ? bucket.moves.find((m) => m.name === moved) : undefined
  return move === undefined ? undefined : said('desk.moved-to', { state: stateLabel(bucket, move.to, story) })
}
