// A posted move: the edge the button names, the record version the person
// saw, and for a move that asks for them a note and the second press
// (`confirmed`). Anything else in the form is ignored.
import { said, type Said } from '../messages/said'
import { z } from 'zod'
import type { Move } from '../content/model'
import type { FormBody } from '../forms/form-body'
import { isName } from '../names'
import { MAX_NOTE } from '../records/types'

/** The note's field on the record page and the move page. */
export const NOTE_FIELD = 'note'
/** The move page's second press. */
export const CONFIRMED_FIELD = 'confirmed'

/** A token, an edge, a number and a note in UTF-8 form encoding (up to 9 bytes a character). */
export const MOVE_FORM_LIMIT = MAX_NOTE * 9 + 4096

const moveSchema = z.object({
  edge: z.string().refine(isName),
  seq: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
})

export type MoveForm = z.infer<typeof moveSchema> & {
  /** Trimmed, line breaks as `\n`; '' when none was written. */
  readonly note: string
  /** As written, for the form shown again. */
  readonly keptNote: string
  readonly confirmed: boolean
}

export function parseMoveForm(body: FormBody): MoveForm | null {
  const text = (name: string) => {
    const value = body.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const parsed = moveSchema.safeParse({ edge: text('edge'), seq: text('seq') })
  if (!parsed.success) return null
  const keptNote = (text(NOTE_FIELD) ?? '').replace(/\r\n?/g, '\n')
  return { ...parsed.data, note: keptNote.trim(), keptNote, confirmed: text(CONFIRMED_FIELD) === 'yes' }
}

/** Why the note cannot go with `move`, or undefined when it can. */
export function noteProblem(move: Move, note: string): Said | undefined {
  if (move.note === 'required' && note === '') return said('desk.note.missing')
  if (note.length > MAX_NOTE) return said('desk.note.too-long', { max: MAX_NOTE, length: note.length })
  return undefined
}

/** Whether a move's button leads to its own page first: to confirm it, or to refuse a note. */
export const asksFirst = (move: Move): boolean => move.confirm === true
