// The mail a suggestion makes: to the site's inbox when it is sent, with the
// readable diff, and to the person who sent it at each move. Numbered by the
// suggestion's history, so each step is queued once (mail-queue.ts).
import type { SiteModel } from '../content/model'
import { brandOf, type MailIntent } from '../mail/mail-intent'
import { markdownText } from '../mail/mail-text'
import { changeHeading, diffBlock } from './suggestion-diff'
import { SUGGESTIONS_KV, type Suggestion, type SuggestionState } from './suggestion-record'
import { suggestionsDeskPath } from './suggestions-desk'

const STATE_WORDS: Readonly<Record<SuggestionState, string>> = {
  sent: 'was sent',
  accepted: 'was accepted',
  declined: 'was declined',
  applied: 'is now on the site',
}

interface MailContext {
  readonly site: SiteModel
  readonly publicUrl: string
}

const baseOf = (publicUrl: string) => publicUrl.replace(/\/+$/, '')

/** To the inbox: who suggests what for which page, each change as a diff. Null without an inbox. */
export function inboxIntent({ site, publicUrl }: MailContext, suggestion: Suggestion): MailIntent | null {
  const inbox = site.branding.inbox
  if (inbox === undefined) return null
  const storyline = site.storylines[0] ?? ''
  const { by } = suggestion
  const who = [by.name, by.email ?? by.phone].filter((part): part is string => part !== undefined)
  const desk = suggestionsDeskPath(site)
  const base = baseOf(publicUrl)
  const changes = suggestion.changes.map(
    (change) => `**${markdownText(changeHeading(change))}**\n\n${diffBlock(change)}`,
  )
  return {
    ...common(site, suggestion, 1),
    to: { email: inbox },
    subject: `Edit suggestion for "${suggestion.title}"`,
    body:
      `${markdownText(who.join(', ') || 'A responsible person')} suggests a change to ` +
      `${markdownText(suggestion.title)} (<${base}${suggestion.page}>):\n\n${changes.join('\n\n')}`,
    link: desk === null ? `${base}${suggestion.page}` : `${base}${desk}#s-${suggestion.id}`,
    button: desk === null ? 'Open the page' : 'Open the suggestions',
    storyline,
  }
}

/** To the person who sent it, once it moved: where it stands now. */
export function movedIntent({ site, publicUrl }: MailContext, suggestion: Suggestion): MailIntent {
  const { by } = suggestion
  const words = STATE_WORDS[suggestion.state]
  const pull =
    suggestion.pullRequest === undefined ? '' : `\n\nThe change is proposed at <${suggestion.pullRequest.url}>.`
  return {
    ...common(site, suggestion, suggestion.history.length),
    to: by.email === undefined ? { subject: by.subject } : { email: by.email },
    subject: `Your suggestion for "${suggestion.title}" ${words}`,
    body:
      `${by.name === undefined ? 'Hello' : `Hello ${markdownText(by.name)}`},\n\n` +
      `Your suggestion for ${markdownText(suggestion.title)} ${words}.${pull}`,
    link: `${baseOf(publicUrl)}/my`,
    button: 'See your suggestions',
  }
}

function common(site: SiteModel, suggestion: Suggestion, seq: number) {
  const storyline = site.storylines[0] ?? ''
  return {
    id: `${SUGGESTIONS_KV}:${suggestion.id}:${seq}`,
    record: { bucket: SUGGESTIONS_KV, id: suggestion.id },
    storyline,
    audience: 'invitee' as const,
    brand: brandOf(site, storyline),
  }
}
