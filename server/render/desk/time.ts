// Times as people read them: in the site's time zone (site.yaml `timezone:`)
// and language, with the exact instant in the <time> element for tools.
import type { Clock } from '../../messages/clock'
import { html, type SafeHtml } from '../html'

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(clock: Clock, day: boolean): Intl.DateTimeFormat {
  const key = `${clock.language} ${clock.timeZone} ${day}`
  let format = formats.get(key)
  if (format === undefined) {
    const time = day ? {} : ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const)
    format = new Intl.DateTimeFormat(clock.language, {
      timeZone: clock.timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...time,
    })
    formats.set(key, format)
  }
  return format
}

function said(iso: string, clock: Clock, day: boolean): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : formatOf(clock, day).format(date)
}

/** The day and time, e.g. "2 Mar 2026, 00:30". */
export function renderTime(iso: string, clock: Clock): SafeHtml {
  return html`<time datetime="${iso}">${said(iso, clock, false)}</time>`
}

/** The day only, e.g. "2 Mar 2026". */
export function renderDay(iso: string, clock: Clock): SafeHtml {
  return html`<time datetime="${iso}">${said(iso, clock, true)}</time>`
}

export function dayText(iso: string, clock: Clock): string {
  return said(iso, clock, true)
}

/** The day and time as plain text, for mail. */
export function timeText(iso: string, clock: Clock): string {
  return said(iso, clock, false)
}
