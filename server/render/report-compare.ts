// One bucket's storylines compared (server/report/comparison.ts) as a table:
// a row per measure (visitors, filed, filed per 100 visitors, reached each
// state), a column per storyline, and a last column with the test's p and
// its verdict; under it the filing verdict in a sentence and, while nothing
// shows, the visitors still needed. Every figure is text, so it reads the
// same to a screen reader, without CSS and printed.
import type { Messages } from '../messages/messages'
import type { BucketComparison, Measure, Share } from '../report/comparison'
import type { ChiSquare } from '../report/statistics'
import { html, type SafeHtml } from './html'
import { countFormat, fixedFormat } from './report-number'

export interface CompareFormats {
  readonly count: (value: number) => string
  readonly tenth: (value: number) => string
  readonly p: (test: ChiSquare) => string
}

export function compareFormats(m: Messages): CompareFormats {
  const thousandth = fixedFormat(m.language, 3)
  return {
    count: countFormat(m.language),
    tenth: fixedFormat(m.language, 1),
    p: (test) =>
      test.p < 0.001
        ? m.say('report.compare.p-small', { p: thousandth(0.001) })
        : m.say('report.compare.p', { p: thousandth(test.p) }),
  }
}

export function renderComparison(
  compared: BucketComparison,
  storylines: readonly string[],
  f: CompareFormats,
  m: Messages,
): SafeHtml {
  const heading = html`<h3>${m.say('report.compare.heading')}</h3>`
  if (compared.nothing !== null) {
    const why = compared.nothing === 'one-storyline' ? 'report.compare.one-storyline' : 'report.compare.no-records'
    return html`${heading}<p class="report-nothing" data-compare="nothing">${m.say(why)}</p>`
  }
  const cells = (values: readonly (string | SafeHtml)[]) =>
    values.map((value, i) => html`<td data-storyline="${storylines[i]}">${value}</td>`)
  const row = (key: string, label: string, values: readonly (string | SafeHtml)[], test = '') =>
    html`<tr data-measure="${key}"><th scope="row">${label}</th>${cells(values)}<td data-test>${test}</td></tr>`
  const share = (percent: boolean) => (s: Share) => shareText(s, percent, f, m)
  const rows = [
    row('visitors', m.say('report.compare.visitors'), compared.visitors.map(f.count)),
    row('filed', m.say('report.compare.filed'), compared.filed.map(f.count)),
  ]
  if (compared.filing !== null) {
    const { filing } = compared
    rows.push(row('filing', m.say('report.compare.rate'), filing.shares.map(share(false)), testText(filing, f, m)))
  }
  for (const state of compared.states)
    rows.push(
      row(
        `reached:${state.state}`,
        m.say('report.compare.reached', { state: state.label }),
        state.shares.map(share(true)),
        testText(state, f, m),
      ),
    )
  const head = storylines.map((name) => html`<th scope="col">${name}</th>`)
  const caption = html`<caption>${m.say('report.compare.caption', { title: compared.title })}</caption>`
  const measure = html`<th scope="col">${m.say('report.compare.measure')}</th>`
  const thead = html`<thead><tr>${measure}${head}<th scope="col">${m.say('report.compare.test')}</th></tr></thead>`
  // Focusable: on a phone the table scrolls sideways inside itself, and a keyboard must be able to scroll it too.
  const table = html`<table class="report-table report-compare" tabindex="0">${caption}${thead}<tbody>${rows}</tbody></table>`
  return html`${heading}${table}${verdict(compared, f, m)}`
}

function shareText(s: Share, percent: boolean, f: CompareFormats, m: Messages): SafeHtml {
  const of = html`<span class="report-of">${m.say('report.compare.of', { hits: f.count(s.hits), trials: f.count(s.trials) })}</span>`
  if (s.interval === null) return html`${m.say('report.compare.no-share')} ${of}`
  const [share, low, high] = [s.interval.share, s.interval.low, s.interval.high].map((x) => f.tenth(x * 100))
  const values = { share: share!, low: low!, high: high! }
  const [shown, spoken] = percent
    ? [m.say('report.compare.share', values), m.say('report.compare.share-spoken', values)]
    : [m.say('report.compare.rate-value', values), m.say('report.compare.rate-spoken', values)]
  // A screen reader skips or spells out the brackets and the dash: it reads the interval in words instead.
  const text = html`<span aria-hidden="true">${shown}</span><span class="visually-hidden">${spoken}</span>`
  return html`<span class="report-share">${text}</span> ${of}`
}

function testText(measure: Measure, f: CompareFormats, m: Messages): string {
  if (measure.test === null) return m.say('report.compare.no-test')
  const { verdict } = measure
  const words =
    verdict.kind === 'leads'
      ? m.say('report.compare.leads', { storyline: verdict.leader, points: f.tenth(verdict.points) })
      : m.say('report.compare.not-yet')
  return `${f.p(measure.test)}: ${words}`
}

function verdict(compared: BucketComparison, f: CompareFormats, m: Messages): SafeHtml {
  const { filing, needed } = compared
  const lines: string[] = []
  if (filing === null) lines.push(m.say('report.compare.more-filed'))
  else if (filing.test === null) lines.push(m.say('report.compare.verdict-untested'))
  else if (filing.verdict.kind === 'leads') {
    const { leader, other, points } = filing.verdict
    const values = { storyline: leader, other, points: f.tenth(points), p: f.p(filing.test) }
    lines.push(m.say('report.compare.verdict-leads', values))
  } else lines.push(m.say('report.compare.verdict-not-yet', { p: f.p(filing.test) }))
  if (needed !== null)
    lines.push(m.say('report.compare.needed', { needed: f.count(needed.perStoryline), more: f.count(needed.more) }))
  return html`${lines.map((line) => html`<p class="report-verdict">${line}</p>`)}`
}
