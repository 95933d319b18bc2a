// A record's desk moves: the edges its bucket declares from the state it is
// in, narrowed to the ones the policy lets this person take.
import type { Bucket, Move } from '../content/model'
import type { PolicyEngine } from '../policy/engine'
import { mayMove } from '../policy/questions'
import type { Principal } from '../policy/request'
import type { RecordView } from '../records/types'

export function declaredMovesFrom(bucket: Bucket, state: string): Move[] {
  return bucket.moves.filter((move) => move.from.includes(state))
}

export function allowedMoves(policy: PolicyEngine, principal: Principal, bucket: Bucket, view: RecordView): Move[] {
  return declaredMovesFrom(bucket, view.state).filter((move) => mayMove(policy, { principal }, view, move.name))
}
