// Times on desks: the server cannot know the reader's time zone, so it says
// UTC plainly, with the exact instant in the <time> element for tools.
import { html, type SafeHtml } from '../html'

function timeText(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

export function renderTime(iso: string): SafeHtml {
  return html`<time datetime="${iso}">${timeText(iso)}</time>`
}
