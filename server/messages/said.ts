// A text by its catalogue id and values, composed where the reader's language
// is not known yet and said in it where it is shown.
import type { MessageId } from './en'

export interface Said {
  readonly id: MessageId
  readonly values?: Readonly<Record<string, string | number>>
}

export const said = (id: MessageId, values?: Said['values']): Said => (values === undefined ? { id } : { id, values })
