// The submitter's case page: reference, state, what they filed, and the
// timeline with staff's messages (Markdown, rendered as pages are) and their
// own replies by mail (plain text, line breaks kept).
import { messagesFor, type Messages } from '../messages/messages'
import type { SiteModel } from '../content/model'
import type { CasePageData, TimelineEntry } from '../visitor/case-page'
import type { Viewer } from './account'
import type { Assets } from './document'
import { html, type SafeHtml } from './html'
import { renderLayout } from './layout'
import { renderMarkdown } from './markdown'
import { renderRecordFields } from './record-fields'
import { renderMoved } from './record-status'
import { renderSelfMoves } from './self-move-form'
import { textAt } from '../content/storyline'
import { renderTime } from './desk/time'
import { erasedOr } from './erased'
import { isErased } from '../records/types'
import { selfErasePath } from '../content/paths'
import { CASE_TOKEN_FIELD } from '../visitor/case-token'

export interface CasePageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly assets: Assets
  readonly viewer: Viewer
  readonly data: CasePageData
  readonly csrf?: string
  /** After the submitter's own move. */
  readonly moved: boolean
  /** The capability the page was opened with: its forms carry it on. */
  readonly caseToken?: string
}

const MOVED_HOW = { desk: null, self: 'case.moved-by-you', timed: 'case.moved-by-clock' } as const

function renderEntry(entry: TimelineEntry, siteName: string, m: Messages): SafeHtml {
  const when = renderTime(entry.time, m)
  switch (entry.kind) {
    case 'filed':
      return html`<li class="timeline-entry">${when}<p><strong>${m.say('case.filed')}</strong>: ${entry.state}</p></li>`
    case 'moved': {
      const how = MOVED_HOW[entry.how]
      return html`<li class="timeline-entry">${when}<p><strong>${m.say('case.now', { state: entry.state })}</strong>${
        how === null ? null : m.say(how)
      }</p></li>`
    }
    case 'message': {
      const who = html`<p><strong>${m.say('case.site-wrote', { site: siteName })}</strong></p>`
      const text = isErased(entry.markdown)
        ? html`<p class="timeline-text">${m.say('privacy.erased')}</p>`
        : html`<div class="timeline-text">${renderMarkdown(entry.markdown)}</div>`
      return html`<li class="timeline-entry timeline-message">${when}${who}${text}</li>`
    }
    case 'claimed':
      return html`<li class="timeline-entry">${when}<p>${m.say('case.claimed')}</p></li>`
    case 'erased':
      return html`<li class="timeline-entry">${when}<p>${m.say('case.erased')}</p></li>`
    case 'reply': {
      const who = html`<p><strong>${m.say('case.your-reply')}</strong></p>`
      const text = html`<p class="timeline-text timeline-plain">${erasedOr(entry.text, m)}</p>`
      return html`<li class="timeline-entry timeline-reply">${when}${who}${text}</li>`
    }
  }
}

// A link to its own confirmation page, carrying the capability the page was opened with.
function renderEraseLink({ data, caseToken }: CasePageOptions, m: Messages): SafeHtml | null {
  if (!data.erasable) return null
  const path = selfErasePath(data.record.bucket, data.record.id)
  const href = caseToken === undefined ? path : `${path}?${CASE_TOKEN_FIELD}=${encodeURIComponent(caseToken)}`
  return html`<p class="case-erase"><a class="button button-secondary" href="${href}">${m.say('case.erase.action')}</a></p>`
}

export function renderCasePage(options: CasePageOptions): string {
  const { site, story, data } = options
  const { record } = data
  const title = record.name ?? record.id
  const siteName = textAt(site.branding.name, story)
  const m = messagesFor(site, story)
  const reference = html`<code class="case-reference">${record.reference ?? record.id}</code>`
  const body = html`<p class="case-bucket">${data.bucketTitle}</p><h1>${title}</h1>
<dl class="case-facts"><div><dt>${m.say('case.reference')}</dt><dd>${reference}</dd></div>
<div><dt>${m.say('case.where-it-stands')}</dt><dd><strong>${record.stateLabel}</strong></dd></div></dl>
${renderSelfMoves(record, { csrf: options.csrf, pagePath: data.path, caseToken: options.caseToken })}
<section aria-labelledby="case-timeline"><h2 id="case-timeline">${m.say('case.timeline')}</h2>
<ol class="timeline">${[...data.timeline].reverse().map((entry) => renderEntry(entry, siteName, m))}</ol></section>
<section aria-labelledby="case-details"><h2 id="case-details">${m.say('case.details')}</h2>
${renderRecordFields(record.fields, m)}</section>${renderEraseLink(options, m)}`
  return renderLayout({
    site,
    story,
    title,
    body,
    assets: options.assets,
    viewer: options.viewer,
    status: options.moved ? renderMoved(record.stateLabel, m) : undefined,
  })
}
