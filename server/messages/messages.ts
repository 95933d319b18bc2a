// The service's own texts for one site and storyline: the built-in catalogue
// of the site's language with the site's `messages:` over it, made once per
// content version and storyline and handed to every renderer.
import { DEFAULT_TIME_ZONE, type SiteModel } from '../content/model'
import type { Clock } from './clock'
import { html, type SafeHtml } from '../render/html'
import { textAt } from '../content/storyline'
import { builtInCatalogue, type Catalogue } from './catalogue'
import { en, type MessageId } from './en'
import type { Said } from './said'

type Values = Readonly<Record<string, string | number>>
type HtmlValues = Readonly<Record<string, string | number | SafeHtml>>

export interface Messages extends Clock {
  /** The site's language tag, for Intl. */
  readonly language: string
  say(id: MessageId, values?: Values): string
  /** The same with markup in the values (escaped everywhere else). */
  sayHtml(id: MessageId, values: HtmlValues): SafeHtml
  /** A text composed where the language was not known (a form problem, a refusal), said in this one. */
  tell(text: Said): string
}

const made = new WeakMap<SiteModel, Messages[]>()

export function messagesFor(site: SiteModel, story: number): Messages {
  let perStory = made.get(site)
  if (perStory === undefined) {
    perStory = []
    made.set(site, perStory)
  }
  return (perStory[story] ??= createMessages(site, story))
}

/** Without a site (the plain error page): English. */
export const englishMessages: Messages = createFromCatalogue('en', DEFAULT_TIME_ZONE, en)

function createMessages(site: SiteModel, story: number): Messages {
  const language = site.branding.language
  const catalogue: Record<string, string> = { ...builtInCatalogue(language) }
  for (const [id, text] of site.branding.messages ?? []) catalogue[id] = textAt(text, story)
  const { timeZone = DEFAULT_TIME_ZONE, phoneCountry } = site.branding
  return createFromCatalogue(language, timeZone, catalogue as Catalogue, phoneCountry)
}

function createFromCatalogue(
  language: string,
  timeZone: string,
  catalogue: Catalogue,
  phoneCountry?: string,
): Messages {
  const parts = (id: MessageId) => catalogue[id].split(/\{([a-z]+)\}/)
  const say = (id: MessageId, values: Values = {}) =>
    parts(id)
      .map((part, i) => (i % 2 === 0 ? part : String(values[part] ?? `{${part}}`)))
      .join('')
  return {
    language,
    timeZone,
    ...(phoneCountry === undefined ? {} : { phoneCountry }),
    say,
    sayHtml: (id, values) => html`${parts(id).map((part, i) => (i % 2 === 0 ? part : (values[part] ?? `{${part}}`)))}`,
    tell: (text) => say(text.id, text.values),
  }
}
