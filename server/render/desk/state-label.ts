// Staff's words on desks: a state's or field's `desk_label:` where the
// content gives one, else the label visitors read, in the staff storyline.
import type { Bucket, Field, State } from '../../content/model'
import { textAt } from '../../content/storyline'

/** What staff call a state or field, in storyline `story`. */
export function deskLabelOf(labelled: Pick<State | Field, 'name' | 'label' | 'deskLabel'>, story: number): string {
  return textAt(labelled.deskLabel, story) || textAt(labelled.label, story) || labelled.name
}

/** A state's label for staff; its name if the content dropped it. */
export function stateLabel(bucket: Bucket, state: string, story: number): string {
  const found = bucket.states.find((s) => s.name === state)
  return found === undefined ? state : deskLabelOf(found, story)
}
