// A form's one-time token (server/forms/submission-token.ts) as the records
// layer uses it. Bound to who sent it, so a token seen by someone else
// cannot steer their post onto the first sender's record, or pass their
// move off as the first sender's.
import { createHash } from 'node:crypto'
import { recordIdOf } from './record-id'
import type { Actor, RecordEvent } from './types'

function actorKey(actor: Actor): string {
  switch (actor.kind) {
    case 'person':
      return `person:${actor.subject}`
    case 'visitor':
      return `visitor:${actor.session}`
    case 'clock':
      return 'clock'
    case 'service':
      return 'service'
    case 'mail':
      return `mail:${actor.address.toLowerCase()}`
  }
}

export function sameActor(a: Actor, b: Actor): boolean {
  return actorKey(a) === actorKey(b)
}

/**
 * A filing's record id, from its form's token: every repeat of the post
 * names the same record, whose subject takes one filing only, however long
 * after the first. 16 characters like a random id, as unguessable as the token.
 */
export function filingId(bucket: string, actor: Actor, submission: string): string {
  return recordIdOf(
    createHash('sha256')
      .update(`file\n${bucket}\n${actorKey(actor)}\n${submission}`)
      .digest(),
  )
}

export interface AskedMove {
  readonly edge: string
  readonly via: 'desk' | 'self' | 'timed'
  readonly actor: Actor
  readonly submission?: string
}

/** Whether `event` is the move asked for: same edge, way, actor and form token (the clock has none). */
export function isAskedMove(event: RecordEvent, asked: AskedMove): boolean {
  return (
    event.type === 'moved' &&
    event.edge === asked.edge &&
    event.via === asked.via &&
    event.submission === asked.submission &&
    sameActor(event.actor, asked.actor)
  )
}
