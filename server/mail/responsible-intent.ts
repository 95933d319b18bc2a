// The mail telling someone the content lists them as responsible for the
// question some pages ask, with a sign-in link; in the site's first
// storyline and language, once per person and set of pages.
import type { SiteModel } from '../content/model'
import { brandOf, type MailIntent } from './mail-intent'
import { markdownText } from './mail-text'
import { inStoryline } from './mail-values'

export const RESPONSIBLE_MAIL_BUCKET = 'svc_responsible'

interface Words {
  readonly subject: (site: string) => string
  readonly intro: (name: string, site: string) => string
  readonly outro: string
  readonly button: string
}

const ENGLISH: Words = {
  subject: (site) => `You are listed as responsible at ${site}`,
  intro: (name, site) => `Hello ${name},\n\n${site} lists you as responsible for the question these pages ask:`,
  outro: 'Sign in with this address to see them, and to suggest a change when one is needed.',
  button: 'Sign in',
}

const WORDS: Readonly<Record<string, Words>> = {
  en: ENGLISH,
  nb: {
    subject: (site) => `Du står som ansvarlig hos ${site}`,
    intro: (name, site) => `Hei ${name},\n\n${site} har deg som ansvarlig for spørsmålet disse sidene stiller:`,
    outro: 'Logg inn med denne adressen for å se dem, og for å foreslå en endring når det trengs.',
    button: 'Logg inn',
  },
  nn: {
    subject: (site) => `Du står som ansvarleg hjå ${site}`,
    intro: (name, site) => `Hei ${name},\n\n${site} har deg som ansvarleg for spørsmålet desse sidene stiller:`,
    outro: 'Logg inn med denne adressa for å sjå dei, og for å føreslå ei endring når det trengst.',
    button: 'Logg inn',
  },
}

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
  const words = WORDS[brand.language.split('-')[0] ?? 'en'] ?? ENGLISH
  const base = publicUrl.replace(/\/+$/, '')
  const list = pages.map((path) => {
    const page = site.pages.find((p) => p.path === path)
    const title = page === undefined ? path : inStoryline(site, page.title, storyline) || path
    return `- ${markdownText(title)}: ${base}${path}`
  })
  return {
    id: `${RESPONSIBLE_MAIL_BUCKET}:${digest}:1`,
    to: { email },
    subject: words.subject(brand.name),
    body: `${words.intro(markdownText(name), markdownText(brand.name))}\n\n${list.join('\n')}\n\n${words.outro}`,
    record: { bucket: RESPONSIBLE_MAIL_BUCKET, id: digest },
    storyline,
    link: `${base}/auth/sign-in?return=%2Fmy`,
    audience: 'invitee',
    button: words.button,
    brand,
  }
}
