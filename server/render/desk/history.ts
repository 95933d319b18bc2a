// A record's history, oldest first: when, what happened, how and by whom.
import type { MessageId } from '../../messages/en'
import type { Messages } from '../../messages/messages'
import type { Bucket } from '../../content/model'
import type { Actor, HistoryEntry } from '../../records/types'
import { html, type SafeHtml } from '../html'
import { renderMarkdown } from '../markdown'
import { textAt } from '../../content/storyline'
import { stateLabel } from './state-label'
import { renderTime } from './time'
import { erasedOr } from '../erased'

function actorText(actor: Actor, m: Messages): string {
  switch (actor.kind) {
    case 'person':
      return erasedOr(actor.name || actor.subject, m)
    case 'visitor':
      return m.say('desk.actor.visitor')
    case 'clock':
      return m.say('desk.actor.clock')
    case 'service':
      return m.say('desk.actor.service')
    case 'mail':
      return erasedOr(actor.address, m)
  }
}

const ERASED_WHY = {
  retention: 'desk.history.erased-retention',
  request: 'desk.history.erased-request',
  self: 'desk.history.erased-self',
} as const satisfies Readonly<Record<NonNullable<HistoryEntry['reason']>, MessageId>>

const HOW = {
  desk: 'desk.via.desk',
  self: 'desk.via.self',
  timed: 'desk.via.timed',
  mail: 'desk.via.mail',
  service: 'desk.via.service',
} as const satisfies Readonly<Record<NonNullable<HistoryEntry['via']>, MessageId>>

function edgeLabel(bucket: Bucket, entry: HistoryEntry, story: number): string {
  const moves = entry.via === 'self' ? bucket.self : bucket.moves
  return textAt(moves.find((move) => move.name === entry.edge)?.label, story) || (entry.edge ?? '')
}

function how(bucket: Bucket, entry: HistoryEntry, story: number, m: Messages): string {
  return `${edgeLabel(bucket, entry, story)}, ${m.say(HOW[entry.via ?? 'desk'])}`
}

function renderEntry(bucket: Bucket, entry: HistoryEntry, story: number, m: Messages): SafeHtml {
  const state = (name: string | undefined) => stateLabel(bucket, name ?? '', story)
  if (entry.type === 'noted') return renderNote(entry, m)
  if (entry.type === 'claimed' || entry.type === 'erased') {
    const said =
      entry.type === 'claimed'
        ? m.say('desk.history.claimed')
        : `${m.say('desk.history.erased')} (${m.say(ERASED_WHY[entry.reason ?? 'request'])})`
    const what = html`<span class="desk-history-what">${said}</span>`
    const who = html`<span class="desk-history-who">${m.say('desk.history.by', { who: actorText(entry.actor, m) })}</span>`
    const note =
      entry.note === undefined
        ? null
        : html`<span class="desk-history-note">${m.say('desk.history.note', { note: entry.note })}</span>`
    return html`<li class="desk-history-entry">${renderTime(entry.time, m)}${what}${who}${note}</li>`
  }
  const what =
    entry.type === 'filed'
      ? html`<strong>${m.say('desk.history.filed-in')}</strong> ${m.say('desk.history.in', { state: state(entry.to) })}`
      : html`<strong>${m.say('desk.history.moved', { from: state(entry.from), to: state(entry.to) })}</strong> (${how(
          bucket,
          entry,
          story,
          m,
        )})`
  const who = html`<span class="desk-history-who">${m.say('desk.history.by', { who: actorText(entry.actor, m) })}</span>`
  const whatSpan = html`<span class="desk-history-what">${what}</span>`
  const note =
    entry.note === undefined
      ? null
      : html`<span class="desk-history-note">${m.say('desk.history.note', { note: entry.note })}</span>`
  return html`<li class="desk-history-entry">${renderTime(entry.time, m)}${whatSpan}${who}${note}</li>`
}

// What was said and who said it how: staff's messages as the Markdown they
// wrote (rendered safely, as pages are), replies by mail and the service's
// notes as plain text with their line breaks.
function renderNote(entry: HistoryEntry, m: Messages): SafeHtml {
  const by =
    entry.via === 'service'
      ? m.say('desk.via.service')
      : m.say('desk.history.by-how', { who: actorText(entry.actor, m), how: m.say(HOW[entry.via ?? 'desk']) })
  const who = html`<span class="desk-history-who">${by}</span>`
  const text = erasedOr(entry.text ?? '', m)
  const what =
    entry.via === 'desk'
      ? html`<div class="desk-history-what desk-history-message">${renderMarkdown(text)}</div>`
      : html`<span class="desk-history-what desk-history-note">${text}</span>`
  return html`<li class="desk-history-entry">${renderTime(entry.time, m)}${what}${who}</li>`
}

export function renderHistory(bucket: Bucket, history: readonly HistoryEntry[], story: number, m: Messages): SafeHtml {
  if (history.length === 0) return html`<p class="empty">${m.say('desk.no-history')}</p>`
  return html`<ol class="desk-history">${history.map((entry) => renderEntry(bucket, entry, story, m))}</ol>`
}
