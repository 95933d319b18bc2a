// A record's history, oldest first: when, what happened, how and by whom.
import type { Bucket } from '../../content/model'
import type { Actor, HistoryEntry } from '../../records/types'
import { html, type SafeHtml } from '../html'
import { renderMarkdown } from '../markdown'
import { textAt } from '../storyline'
import { stateLabel } from './state-label'
import { renderTime } from './time'

function actorText(actor: Actor): string {
  switch (actor.kind) {
    case 'person':
      return actor.name || actor.subject
    case 'visitor':
      return 'a visitor who was not signed in'
    case 'clock':
      return 'the clock'
    case 'service':
      return 'the service'
    case 'mail':
      return actor.address
  }
}

const HOW: Readonly<Record<NonNullable<HistoryEntry['via']>, string>> = {
  desk: 'on a desk',
  self: 'by the submitter',
  timed: 'a timed move',
  mail: 'by mail',
  service: 'by the service',
}

function edgeLabel(bucket: Bucket, entry: HistoryEntry, story: number): string {
  const moves = entry.via === 'self' ? bucket.self : bucket.moves
  return textAt(moves.find((move) => move.name === entry.edge)?.label, story) || (entry.edge ?? '')
}

function how(bucket: Bucket, entry: HistoryEntry, story: number): string {
  return `${edgeLabel(bucket, entry, story)}, ${HOW[entry.via ?? 'desk']}`
}

function renderEntry(bucket: Bucket, entry: HistoryEntry, story: number): SafeHtml {
  const state = (name: string | undefined) => stateLabel(bucket, name ?? '', story)
  if (entry.type === 'noted') return renderNote(entry)
  if (entry.type === 'claimed') {
    const what = html`<span class="desk-history-what">Linked to the submitter's account at sign-in</span>`
    const who = html`<span class="desk-history-who">by ${actorText(entry.actor)}</span>`
    return html`<li class="desk-history-entry">${renderTime(entry.time)}${what}${who}</li>`
  }
  const what =
    entry.type === 'filed'
      ? html`<strong>Filed</strong> in ${state(entry.to)}`
      : html`<strong>Moved from ${state(entry.from)} to ${state(entry.to)}</strong> (${how(bucket, entry, story)})`
  const who = html`<span class="desk-history-who">by ${actorText(entry.actor)}</span>`
  const whatSpan = html`<span class="desk-history-what">${what}</span>`
  const note = entry.note === undefined ? null : html`<span class="desk-history-note">Note: ${entry.note}</span>`
  return html`<li class="desk-history-entry">${renderTime(entry.time)}${whatSpan}${who}${note}</li>`
}

// What was said and who said it how: staff's messages as the Markdown they
// wrote (rendered safely, as pages are), replies by mail and the service's
// notes as plain text with their line breaks.
function renderNote(entry: HistoryEntry): SafeHtml {
  const who =
    entry.via === 'service'
      ? html`<span class="desk-history-who">by the service</span>`
      : html`<span class="desk-history-who">by ${actorText(entry.actor)}, ${HOW[entry.via ?? 'desk']}</span>`
  const text = entry.text ?? ''
  const what =
    entry.via === 'desk'
      ? html`<div class="desk-history-what desk-history-message">${renderMarkdown(text)}</div>`
      : html`<span class="desk-history-what desk-history-note">${text}</span>`
  return html`<li class="desk-history-entry">${renderTime(entry.time)}${what}${who}</li>`
}

export function renderHistory(bucket: Bucket, history: readonly HistoryEntry[], story: number): SafeHtml {
  if (history.length === 0) return html`<p class="empty">No history is recorded.</p>`
  return html`<ol class="desk-history">${history.map((entry) => renderEntry(bucket, entry, story))}</ol>`
}
