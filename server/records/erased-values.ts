// How personal values read once erased: ERASED_VALUE in their place, so
// pages show the catalogue's words for it and nothing else.
import { ACTOR_PARTS } from './personal'
import { ERASED_VALUE } from './types'
import type { Actor, FieldValues } from './types'

/** `fields` with each of `names` that it holds erased. */
export function erasedFields(fields: FieldValues, names: readonly string[]): FieldValues {
  const erased = { ...fields }
  for (const name of names) if (name in erased) erased[name] = ERASED_VALUE
  return erased
}

export function erasedActor(actor: Actor): Actor {
  const erased: Record<string, unknown> = { ...actor }
  for (const part of ACTOR_PARTS) if (typeof erased[part] === 'string') erased[part] = ERASED_VALUE
  return erased as Actor
}
