// The suggestion form's fields: one per page text, or one per storyline of a
// text that differs between storylines (`<key>.<n>`), and what was typed in
// them read back as changes against the page as it is now.
import type { FormBody } from '../forms/form-body'
import { said, type Said } from '../messages/said'
import { cleanTyped, type PageText } from './page-texts'
import type { SuggestedChange } from './suggestion-record'

/** The longest text a suggestion may carry for one field. */
export const SUGGESTION_TEXT_MAX = 20_000

export interface TextField {
  readonly name: string
  readonly text: PageText
  /** The storyline this field is for; null for a text shared by every storyline. */
  readonly storyline: string | null
  readonly current: string
}

export function textFields(texts: readonly PageText[], storylines: readonly string[]): TextField[] {
  return texts.flatMap((text): TextField[] =>
    text.shared
      ? [{ name: text.key, text, storyline: null, current: text.entries[0] ?? '' }]
      : storylines.map((storyline, i) => ({
          name: `${text.key}.${i}`,
          text,
          storyline,
          current: text.entries[i] ?? '',
        })),
  )
}

export interface ReadSuggestion {
  /** What was typed, by field name, to show again. */
  readonly typed: Readonly<Record<string, string>>
  readonly changes: readonly SuggestedChange[]
  /** By field name. */
  readonly errors: Readonly<Record<string, Said>>
}

/** `tell` words a text's label as the change keeps it (the site's language). */
export function readSuggestionForm(
  body: FormBody,
  fields: readonly TextField[],
  tell: (text: Said) => string,
): ReadSuggestion {
  const typed: Record<string, string> = {}
  const errors: Record<string, Said> = {}
  const changes: SuggestedChange[] = []
  for (const field of fields) {
    const value = body.get(field.name)
    const after = typeof value === 'string' ? cleanTyped(value) : field.current
    typed[field.name] = after
    if (after.length > SUGGESTION_TEXT_MAX) {
      errors[field.name] = said('suggest.problem.too-long', { length: after.length, max: SUGGESTION_TEXT_MAX })
      continue
    }
    if (field.text.key === 'title' && after.trim() === '') errors[field.name] = said('suggest.problem.title')
    if (after === field.current) continue
    changes.push({
      key: field.text.key,
      label: tell(field.text.label),
      storyline: field.storyline,
      before: field.current,
      after,
    })
  }
  return { typed, changes, errors }
}
