// What each mail placeholder becomes for one record, in its storyline.
import type { Bucket, Field, SiteModel, Text } from '../content/model'
import { referenceOf } from '../records/reference'
import type { RecordView } from '../records/types'
import { messagesFor } from '../messages/messages'
import { answerDayText, phoneText } from '../render/answer-text'

export interface PlaceholderContext {
  readonly site: SiteModel
  readonly bucket: Bucket
  readonly view: RecordView
  readonly link: string
  /** Another record by bucket and id, for `record` fields. */
  readonly lookup: (bucket: string, id: string) => RecordView | null
  /** What staff wrote with the move. */
  readonly note?: string
  /** Mail to staff: read in the staff storyline, states by their `desk_label:`. */
  readonly staff?: { readonly storyline: string }
}

/** The storyline's entry, or the first when the storyline is no longer the site's. */
export function inStoryline(site: SiteModel, text: Text | undefined, storyline: string): string {
  const story = Math.max(0, site.storylines.indexOf(storyline))
  return text?.[story] ?? text?.[0] ?? ''
}

/** Undefined for a name that is no placeholder. */
export function placeholderValue(name: string, ctx: PlaceholderContext): string | undefined {
  const { site, bucket, view } = ctx
  const storyline = ctx.staff?.storyline ?? view.storyline
  if (name === 'site.name') return inStoryline(site, site.branding.name, storyline)
  if (name === 'link') return ctx.link
  if (name === 'note') return ctx.note ?? ''
  if (name === 'record.id') return view.id
  if (name === 'record.reference') return referenceOf(view.filedSeq)
  if (name === 'record.state') {
    const state = bucket.states.find((s) => s.name === view.state)
    if (state === undefined) return view.state
    return inStoryline(site, (ctx.staff !== undefined ? state.deskLabel : undefined) ?? state.label, storyline)
  }
  const field = name.startsWith('record.') ? bucket.fields.find((f) => `record.${f.name}` === name) : undefined
  if (field === undefined || field.type === 'file') return undefined
  return fieldText(field, view.fields[field.name] ?? '', ctx)
}

function fieldText(field: Field, value: string, ctx: PlaceholderContext): string {
  switch (field.type) {
    case 'choice': {
      const option = field.options?.find((o) => o.value === value)
      return option === undefined
        ? value
        : inStoryline(ctx.site, option.label, ctx.staff?.storyline ?? ctx.view.storyline)
    }
    case 'checkbox':
      return value === 'yes' ? 'yes' : 'no'
    case 'location':
      return value
        .split(',')
        .map((part) => part.trim())
        .join(', ')
    case 'record':
      return value === '' || field.of === undefined ? value : recordName(field.of, value, ctx)
    case 'date':
      return answerDayText(value, clockOf(ctx))
    case 'phone':
      return phoneText(value, clockOf(ctx))
    default:
      return value
  }
}

// Dates and numbers read as on the site: its language, in the storyline the mail is in.
function clockOf(ctx: PlaceholderContext) {
  const storyline = ctx.staff?.storyline ?? ctx.view.storyline
  return messagesFor(ctx.site, Math.max(0, ctx.site.storylines.indexOf(storyline)))
}

// A record's name is its bucket's first text field, or its id.
function recordName(bucketName: string, id: string, ctx: PlaceholderContext): string {
  const nameField = ctx.site.buckets.get(bucketName)?.fields.find((f) => f.type === 'text')
  const other = ctx.lookup(bucketName, id)
  return (nameField && other?.fields[nameField.name]) || id
}
