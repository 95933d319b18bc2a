// The mail telling someone the content lists them as responsible for the
// question some pages ask, with a sign-in link; in the site's first
// storyline and language, once per person and set of pages.
import type { SiteModel } from '../content/model'
import { messagesFor } from '../messages/messages'
import { brandOf, type MailIntent } from './mail-intent'
import { markdownText } from './mail-text'
import { inStoryline } from './mail-values'

export const RESPONSIBLE_MAIL_BUCKET = 'svc_responsible'

export interface ResponsibleMailInput {
  readonly site: SiteModel
  /** Names the intent: one per person and set of pages. */
  readonly digest: string
  readonly name: string
  readonly email: string
  readonly pages: readonly string[]
  readonly publicUrl: string
}

export function buildResponsibleIntent(input: ResponsibleMailInput): MailIntent {
  const { site, digest, name, email, pages, publicUrl } = input
  const storyline = site.storylines[0] ?? ''
  const brand = brandOf(site, storyline)
  const m = messagesFor(site, 0)
  const base = publicUrl.replace(/\/+$/, '')
  const list = pages.map((path) => {
    const page = site.pages.find((p) => p.path === path)
    const title = page === undefined ? path : inStoryline(site, page.title, storyline) || path
    return `- ${markdownText(title)}: ${base}${path}`
  })
  const hello = m.say('mail.hello', { name: markdownText(name) })
  const intro = m.say('mail.responsible.intro', { site: markdownText(brand.name) })
  return {
    id: `${RESPONSIBLE_MAIL_BUCKET}:${digest}:1`,
    to: { email },
    subject: m.say('mail.responsible.subject', { site: brand.name }),
    body: [hello, intro, list.join('\n'), m.say('mail.responsible.outro')].join('\n\n'),
    record: { bucket: RESPONSIBLE_MAIL_BUCKET, id: digest },
    storyline,
    link: `${base}/auth/sign-in?return=%2Fmy`,
    audience: 'invitee',
    button: m.say('account.sign-in'),
    brand,
  }
}
