// SPEC 1, Accounts the content mandates, rule 6: a responsible person's
// suggestion is checked against the content as it is now (the compile and
// lint a push goes through), kept, published and mailed to the inbox.
import type { Bus } from '../bus/types'
import type { ContentFiles } from '../content/compile'
import type { CompileOptions } from '../content/compile-context'
import type { Page, SiteModel } from '../content/model'
import type { FormBody } from '../forms/form-body'
import { queueMail } from '../mail/mail-queue'
import { messagesFor } from '../messages/messages'
import { said, type Said } from '../messages/said'
import type { SessionUser } from '../sessions'
import { applyChanges, checkApplied } from './apply-suggestion'
import { pageTexts, textsRevision } from './page-texts'
import { readSuggestionForm, textFields, type TextField } from './suggestion-form'
import { inboxIntent } from './suggestion-mail'
import { publishSuggestion } from './suggestion-events'
import { SUGGESTIONS_KV, type Suggestion } from './suggestion-record'
import { suggestionId, type Suggestions } from './suggestions-store'

export interface SendDeps {
  readonly bus: Bus
  readonly suggestions: Suggestions
  readonly site: SiteModel
  readonly files: ContentFiles
  readonly options: CompileOptions
  readonly publicUrl: string
}

export interface SendInput {
  readonly page: Page
  readonly user: SessionUser
  /** The form's one-time token: the same form twice is one suggestion. */
  readonly token: string
  /** The page texts' revision the form was shown with. */
  readonly revision: string
  readonly body: FormBody
  readonly now: Date
}

export type SendOutcome =
  | { readonly kind: 'sent'; readonly suggestion: Suggestion }
  /** The page's texts changed since the form was shown. */
  | { readonly kind: 'changed'; readonly typed: Readonly<Record<string, string>> }
  | {
      readonly kind: 'refused'
      readonly typed: Readonly<Record<string, string>>
      readonly errors: Readonly<Record<string, Said>>
    }

export async function sendSuggestion(deps: SendDeps, input: SendInput): Promise<SendOutcome> {
  const { site, files, options } = deps
  const { page, user, body } = input
  const fields = textFields(pageTexts(page), site.storylines)
  const read = readSuggestionForm(body, fields, (text) => messagesFor(site, 0).tell(text))
  const { typed } = read
  if (input.revision !== textsRevision(page)) return { kind: 'changed', typed }
  if (Object.keys(read.errors).length > 0) return { kind: 'refused', typed, errors: read.errors }
  if (read.changes.length === 0) return { kind: 'refused', typed, errors: { form: said('suggest.problem.unchanged') } }
  const applied = applyChanges(files, page, site.storylines, read.changes)
  if (applied === null) return { kind: 'changed', typed }
  const findings = checkApplied(files, applied, page, options)
  if (findings !== null) return { kind: 'refused', typed, errors: findingErrors(fields, read.changes, findings) }

  const at = input.now.toISOString()
  const by = { kind: 'person' as const, subject: user.subject, ...(user.name === undefined ? {} : { name: user.name }) }
  const suggestion: Suggestion = {
    id: suggestionId(user.subject, input.token),
    page: page.path,
    file: page.file,
    title: page.title[0] ?? page.path,
    by: {
      subject: user.subject,
      ...(user.name === undefined ? {} : { name: user.name }),
      ...(user.email === undefined ? {} : { email: user.email }),
      ...(user.phone === undefined ? {} : { phone: user.phone }),
    },
    revision: input.revision,
    changes: [...read.changes],
    state: 'sent',
    sentAt: at,
    history: [{ state: 'sent', at, by }],
  }
  const { kept, fresh } = await deps.suggestions.keep(suggestion)
  if (fresh) publishSuggestion(deps.bus, kept)
  // Queued once per suggestion whoever tries: a send retried after a failure here mails it then.
  const intent = inboxIntent(deps, kept)
  if (intent !== null) await queueMail(deps.bus, { bucket: SUGGESTIONS_KV, id: kept.id, seq: 1 }, intent)
  return { kind: 'sent', suggestion: kept }
}

/** The lint's words beside the fields of the texts they are about; the rest above the form. */
function findingErrors(
  fields: readonly TextField[],
  changes: readonly { key: string; storyline: string | null }[],
  findings: NonNullable<ReturnType<typeof checkApplied>>,
): Record<string, Said> {
  const errors: Record<string, Said> = {}
  for (const [key, messages] of findings.byText) {
    const changed = fields.filter(
      (field) => field.text.key === key && changes.some((c) => c.key === key && c.storyline === field.storyline),
    )
    for (const field of changed.length > 0 ? changed : fields.filter((f) => f.text.key === key))
      errors[field.name] = said('suggest.problem.check', { findings: messages.join(' ') })
  }
  if (findings.other.length > 0) errors.form = said('suggest.problem.site', { findings: findings.other.join('; ') })
  return errors
}
