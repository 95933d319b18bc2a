// A posted move: the edge the button names and the record version the
// person saw. Anything else in the form is ignored.
import { z } from 'zod'
import type { FormBody } from '../forms/form-body'
import { isName } from '../names'

/** A move form carries a token, an edge and a number: a few hundred bytes. */
export const MOVE_FORM_LIMIT = 4 * 1024

const moveSchema = z.object({
  edge: z.string().refine(isName),
  seq: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
})

export type MoveForm = z.infer<typeof moveSchema>

export function parseMoveForm(body: FormBody): MoveForm | null {
  const text = (name: string) => {
    const value = body.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const parsed = moveSchema.safeParse({ edge: text('edge'), seq: text('seq') })
  return parsed.success ? parsed.data : null
}
