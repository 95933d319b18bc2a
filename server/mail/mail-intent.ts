// A mail intent: what the mailer unit reads from SVC_MAIL (`svc.mail.<bucket>`).
// Its id is stable per event, and is the append's msgId, so a retried move
// never queues a second mail.
import { messagesFor } from '../messages/messages'
import { z } from 'zod'
import type { Bucket, Mail, SiteModel } from '../content/model'
import { resolveRecipient } from './mail-recipient'
import { fillPlaceholders, markdownText } from './mail-text'
import { inStoryline, placeholderValue } from './mail-values'
import type { PlaceholderContext } from './mail-values'
import type { RecordView } from '../records/types'
import { staffStory } from '../content/staff-story'
import { casePath, recordPagePath, deskCasePath } from '../content/paths'
import { CASE_TOKEN_FIELD } from '../visitor/case-token'

export const mailIntentSchema = z.object({
  /** `<bucket>:<id>:<seq>` of the event the mail is about. */
  id: z.string(),
  /** An address, or the signed-in submitter's subject for the mailer to look up. */
  to: z.union([z.object({ email: z.string() }), z.object({ subject: z.string() })]),
  /** Plain text. */
  subject: z.string(),
  /** Markdown; values from the record are escaped so they read as plain text. */
  body: z.string(),
  record: z.object({ bucket: z.string(), id: z.string() }),
  storyline: z.string(),
  link: z.string(),
  /**
   * Who it is for: the submitter (their case page, a reply address), staff (an address or a field that is not
   * the submitter's contact: the desk's record page, no reply address), or someone the service brings in: an invite
   * (`record` is the invite in svc_invites) or a responsible person (`svc_responsible`); no reply address, no case to
   * note a failure on. Older intents have none: the submitter.
   */
  audience: z.enum(['submitter', 'staff', 'invitee']).optional(),
  /** A filing's receipt: limited per address and hour (receipt-limit.ts). */
  receipt: z.boolean().optional(),
  /** The button's words, when the link is not to a case (an invite's "Accept the invite"). */
  button: z.string().optional(),
  /** How the mail looks: the site's name in the record's storyline, its primary colour and language. */
  brand: z
    .object({
      name: z.string(),
      primary: z.string(),
      language: z.string(),
      // The case button's words as the site says them (its `messages:`); older intents have none.
      button: z.string().optional(),
    })
    .optional(),
})
export type MailIntent = z.infer<typeof mailIntentSchema>

export interface MailIntentInput {
  readonly site: SiteModel
  readonly bucket: Bucket
  readonly mail: Mail
  /** The record after the event, whose seq names the intent. */
  readonly view: RecordView
  readonly publicUrl: string
  readonly lookup: PlaceholderContext['lookup']
  /** The move's note, for `{{note}}`. */
  readonly note?: string
  /** The case's capability, for the submitter's link (visitor/case-token.ts). */
  readonly caseToken?: string
}

/** Null when the mail has nobody to go to. */
export function buildMailIntent(input: MailIntentInput): MailIntent | null {
  const { site, bucket, mail, view, publicUrl, lookup, note, caseToken } = input
  const to = resolveRecipient(mail.to, bucket, view)
  if (to === null) return null
  const toSubmitter = mail.to === 'submitter' || bucket.fields.some((field) => field.name === mail.to && field.contact)
  const link = toSubmitter ? recordLink(site, publicUrl, view, caseToken) : deskLink(site, publicUrl, view)
  // The submitter reads their case's storyline; staff read theirs.
  const storyline = toSubmitter ? view.storyline : (site.storylines[staffStory(site)] ?? view.storyline)
  const staff = toSubmitter ? undefined : { storyline }
  const ctx: PlaceholderContext = { site, bucket, view, link, lookup, note, ...(staff ? { staff } : {}) }
  const value = (name: string) => placeholderValue(name, ctx)
  return {
    id: `${view.bucket}:${view.id}:${view.seq}`,
    to,
    subject: fillPlaceholders(inStoryline(site, mail.subject, storyline), (name) => subjectValue(value(name))),
    body: fillPlaceholders(inStoryline(site, mail.body, storyline), (name) => {
      const text = value(name)
      // The link is the service's own URL, made a link; mail markdown links nothing else by itself.
      if (name === 'link' && text !== undefined) return `<${text}>`
      return text === undefined ? text : markdownText(text)
    }),
    record: { bucket: view.bucket, id: view.id },
    storyline,
    link,
    audience: toSubmitter ? 'submitter' : 'staff',
    // The filing's own mail is its receipt.
    ...(view.seq === view.filedSeq ? { receipt: true } : {}),
    brand: brandOf(site, storyline),
  }
}

// A value in a subject is someone's typing in the site's own sender's name: kept short, so a
// sentence such as "Go to https://evil.example/login now" does not become the mail's headline.
const SUBJECT_VALUE_MAX = 60

function subjectValue(text: string | undefined): string | undefined {
  if (text === undefined) return text
  const points = [...text]
  return points.length <= SUBJECT_VALUE_MAX ? text : `${points.slice(0, SUBJECT_VALUE_MAX - 1).join('')}…`
}

/** How a mail in `storyline` looks: the site's name in it, its primary colour and language. */
export function brandOf(site: SiteModel, storyline: string): NonNullable<MailIntent['brand']> {
  return {
    name: inStoryline(site, site.branding.name, storyline),
    primary: site.branding.colors.primary,
    language: site.branding.language,
    button: messagesFor(site, Math.max(0, site.storylines.indexOf(storyline))).say('mail.open-case'),
  }
}

/**
 * The case: PUBLIC_URL plus the submitter's own case page with the case's capability, which opens it on any device.
 * Without one (a caller that signs nothing), the bucket's record page, or the case page when the bucket has none
 * (never the bare home page).
 */
export function recordLink(site: SiteModel, publicUrl: string, view: RecordView, caseToken?: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  if (caseToken !== undefined)
    return `${base}${casePath(view.bucket, view.id)}?${CASE_TOKEN_FIELD}=${encodeURIComponent(caseToken)}`
  return `${base}${recordPagePath(site, view.bucket, view.id) ?? casePath(view.bucket, view.id)}`
}

/**
 * Staff follow a case through the desk resolver, which picks the first desk holding its bucket that the reader
 * may open (desks differ per reader); else its record page, else PUBLIC_URL.
 */
function deskLink(site: SiteModel, publicUrl: string, view: RecordView): string {
  const onDesk = [...site.desks.values()].some((d) => d.buckets.includes(view.bucket))
  const path = onDesk ? deskCasePath(view.bucket, view.id) : recordPagePath(site, view.bucket, view.id)
  return path === undefined ? publicUrl : `${publicUrl.replace(/\/+$/, '')}${path}`
}
