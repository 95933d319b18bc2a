// The built-in catalogues, chosen by the site's `language:` tag.
import { en, type MessageId } from './en'
import { nb } from './nb'

export type Catalogue = Readonly<Record<MessageId, string>>

// Norwegian written as `no` or Nynorsk `nn` reads Bokmål better than English.
const BY_LANGUAGE: Readonly<Record<string, Catalogue>> = { en, nb, no: nb, nn: nb }

export function builtInCatalogue(language: string): Catalogue {
  return BY_LANGUAGE[language.split('-')[0]?.toLowerCase() ?? ''] ?? en
}

export const MESSAGE_IDS: readonly MessageId[] = Object.keys(en) as MessageId[]

export function isMessageId(id: string): id is MessageId {
  return Object.hasOwn(en, id)
}

/** The `{name}` placeholders a message fills in. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{([a-z]+)\}/g)].map((m) => m[1] ?? '')
}
