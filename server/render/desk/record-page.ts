// GET /desk/{desk}/{bucket}/{id}: a record with every field, the moves the
// person may make from its state, and its whole history. The case comes
// first (its fields with the photo, its place, its history), then what can
// be done with it: people read a case before they move it.
import { messagesFor, type Messages } from '../../messages/messages'
import type { Said } from '../../messages/said'
import type { Bucket, Desk, Move, SiteModel } from '../../content/model'
import type { LinkedRecord } from '../../desk/linked-records'
import { recordName } from '../../content/record-name'
import { referenceOf } from '../../records/reference'
import type { HistoryEntry, RecordView } from '../../records/types'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html, type SafeHtml } from '../html'
import { renderLayout } from '../layout'
import { renderMap } from '../map'
import type { MapPoint } from '../record-model'
import { readLocation } from '../../maps/location'
import { textAt } from '../../content/storyline'
import { renderFieldValue } from './field-value'
import { renderHistory } from './history'
import { renderDeskErrorSummary } from './desk-error-summary'
import { renderMoveButtons, type RefusedMove } from './move-buttons'
import { noteId } from './move-note'
import { renderStateDiagram } from './state-diagram'
import { deskLabelOf, stateLabel } from './state-label'
import { renderTime } from './time'
import { renderToldIn } from './told-in'
import { renderWriteForm, WRITE_MESSAGE_ID, type WriteState } from './write-form'
import { renderEraseSection } from './erase-section'
import { deskPath } from '../../content/paths'

/** What every page about one record on a desk shows it with. */
export interface DeskRecordBase {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly desk: Desk
  readonly bucket: Bucket
  readonly view: RecordView
}

export interface RecordPageOptions extends DeskRecordBase {
  readonly history: readonly HistoryEntry[]
  readonly moves: readonly Move[]
  readonly links: ReadonlyMap<string, LinkedRecord>
  readonly csrf: string
  /** Said at the top after a move, e.g. "Moved to Accepted". */
  readonly status?: Said
  readonly write: WriteState
  /** This person may erase the case's personal data from this desk (`erase: true` and the policy). */
  readonly erasable: boolean
  /** A move whose note was refused (422): its form shows the error and the words kept. */
  readonly refusedMove?: RefusedMove
  /** Maps are on (MAP_TOKEN): the record's places are shown on a map, with the provider's credit. */
  readonly maps?: { readonly attribution: string }
}

function detail(term: string, value: SafeHtml | string): SafeHtml {
  return html`<div class="desk-field"><dt>${term}</dt><dd>${value}</dd></div>`
}

function renderDetails({ bucket, view, story, links }: RecordPageOptions, m: Messages): SafeHtml {
  const fields = bucket.fields.map((field) =>
    detail(deskLabelOf(field, story), renderFieldValue(field, { bucket, view, story, m, links })),
  )
  const filed = [
    detail(m.say('case.reference'), html`<code>${referenceOf(view.filedSeq)}</code>`),
    detail(m.say('desk.filed'), renderTime(view.filedAt, m)),
  ]
  return html`<dl class="desk-fields">${filed}${fields}</dl>`
}

/** The record's places (its location fields), as a map block shows places. */
function placesOf({ bucket, view, story }: RecordPageOptions): MapPoint[] {
  return bucket.fields.flatMap((field) => {
    const at = field.type === 'location' ? readLocation(view.fields[field.name]) : null
    return at === null ? [] : [{ ...at, label: deskLabelOf(field, story) }]
  })
}

function section(id: string, title: string, content: SafeHtml): SafeHtml {
  return html`<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${content}</section>`
}

/** What a refused post says first, linking to its field; null when nothing was refused. */
function renderRefusal({ refusedMove, write }: RecordPageOptions, m: Messages): SafeHtml | null {
  if (refusedMove?.note.error !== undefined)
    return renderDeskErrorSummary(m.tell(refusedMove.note.error), noteId(refusedMove.edge), m)
  if (write.kind === 'open' && write.error !== undefined)
    return renderDeskErrorSummary(m.tell(write.error), WRITE_MESSAGE_ID, m)
  return null
}

export function renderRecordPage(options: RecordPageOptions): string {
  const { site, story, desk, bucket, view } = options
  const m = messagesFor(site, story)
  const name = recordName(bucket, view)
  const deskTitle = textAt(desk.title, story) || desk.name
  const state = html`<strong>${stateLabel(bucket, view.state, story)}</strong>`
  const moves = renderMoveButtons({ ...options, desk: desk.name, refused: options.refusedMove }, m)
  const places = placesOf(options)
  const erase = renderEraseSection(desk.name, view, options.erasable, m)
  const body = html`${[
    renderRefusal(options, m),
    html`<p class="desk-back"><a href="${deskPath(desk.name)}">${m.say('desk.back-to', { desk: deskTitle })}</a></p><h1>${name}</h1>`,
    html`<p class="desk-state">${textAt(bucket.title, story) || bucket.name}: ${state}</p>`,
    html`<p class="desk-told">${renderToldIn(view.storyline, m)}</p>`,
    // The moves come after the case, which can be long: one link gets there without scrolling past it.
    options.moves.length === 0
      ? null
      : html`<p class="desk-jump"><a href="#record-moves">${m.say('desk.jump-to-moves')}</a></p>`,
    section('record-details', m.say('desk.details'), renderDetails(options, m)),
    places.length === 0 || options.maps === undefined
      ? null
      : renderMap(bucket, story, places, options.maps.attribution, m),
    section('record-history', m.say('desk.history'), renderHistory(bucket, options.history, story, m)),
    section('record-moves', m.say('desk.move-this-case'), moves),
    // Where the case can go from here, after the moves themselves: the case and its buttons come first.
    section(
      'record-diagram',
      m.say('diagram.heading'),
      renderStateDiagram({ site, bucket, story, m, current: view.state }),
    ),
    options.write.kind === 'hidden'
      ? null
      : section('record-write', m.say('desk.write'), renderWriteForm(desk.name, view, options.csrf, options.write, m)),
    erase === null ? null : section('record-erase', m.say('desk.erase.section'), erase),
  ]}`
  return renderLayout({
    site,
    story,
    title: name,
    body,
    assets: options.assets,
    viewer: options.viewer,
    status: options.status === undefined ? undefined : html`${m.tell(options.status)}`,
    maps: places.length > 0 && options.maps !== undefined,
  })
}
