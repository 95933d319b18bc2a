import type { Bucket } from '../../content/model'
import { textAt } from '../storyline'

/** A state's label in the reader's storyline; its name if the content dropped it. */
export function stateLabel(bucket: Bucket, state: string, story: number): string {
  return textAt(bucket.states.find((s) => s.name === state)?.label, story) || state
}
