// The mail a suggestion makes: to the site's inbox when it is sent, with the
// readable diff, and to the person who sent it at each move. Numbered by the
// suggestion's history, so each step is queued once (mail-queue.ts).
import type { SiteModel } from '../content/model'
import type { MessageId } from '../messages/en'
import { messagesFor } from '../messages/messages'
import { brandOf, type MailIntent } from '../mail/mail-intent'
import { markdownText } from '../mail/mail-text'
import { changeHeading, diffBlock } from './suggestion-diff'
import { SUGGESTIONS_KV, type Suggestion, type SuggestionState } from './suggestion-record'
import { suggestionsDeskPath } from './suggestions-desk'

const MOVED: Readonly<Record<SuggestionState, MessageId>> = {
  sent: 'mail.suggestion.moved.sent',
  accepted: 'mail.suggestion.moved.accepted',
  declined: 'mail.suggestion.moved.declined',
  applied: 'mail.suggestion.moved.applied',
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
  const m = messagesFor(site, 0)
  const changes = suggestion.changes.map(
    (change) => `**${markdownText(m.tell(changeHeading(change)))}**\n\n${diffBlock(change)}`,
  )
  const intro = m.say('mail.suggestion.body', {
    who: markdownText(who.join(', ') || m.say('mail.suggestion.someone')),
    title: markdownText(suggestion.title),
    url: `<${base}${suggestion.page}>`,
  })
  return {
    ...common(site, suggestion, 1),
    to: { email: inbox },
    subject: m.say('mail.suggestion.subject', { title: suggestion.title }),
    body: `${intro}\n\n${changes.join('\n\n')}`,
    link: desk === null ? `${base}${suggestion.page}` : `${base}${desk}#s-${suggestion.id}`,
    button: m.say(desk === null ? 'mail.suggestion.open-page' : 'mail.suggestion.open-desk'),
    storyline,
  }
}

/** To the person who sent it, once it moved: where it stands now. */
export function movedIntent({ site, publicUrl }: MailContext, suggestion: Suggestion): MailIntent {
  const { by } = suggestion
  const m = messagesFor(site, 0)
  const moved = m.say(MOVED[suggestion.state])
  const pull =
    suggestion.pullRequest === undefined
      ? ''
      : `\n\n${m.say('mail.suggestion.moved.pull', { url: `<${suggestion.pullRequest.url}>` })}`
  const hello =
    by.name === undefined ? m.say('mail.hello-nameless') : m.say('mail.hello', { name: markdownText(by.name) })
  return {
    ...common(site, suggestion, suggestion.history.length),
    to: by.email === undefined ? { subject: by.subject } : { email: by.email },
    subject: m.say('mail.suggestion.moved.subject', { title: suggestion.title, moved }),
    body: `${hello}\n\n${m.say('mail.suggestion.moved.body', { title: markdownText(suggestion.title), moved })}${pull}`,
    link: `${baseOf(publicUrl)}/my`,
    button: m.say('mail.suggestion.moved.button'),
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
