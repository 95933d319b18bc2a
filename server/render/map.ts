// A map block: its places as a list with links, which is all a page without
// script shows, and the same places as markers once map.js has run. Only
// rendered when maps are on (MAP_TOKEN), so no page offers a map that cannot load.
import type { Messages } from '../messages/messages'
import type { Bucket } from '../content/model'
import { html, safeUrl, type SafeHtml } from './html'
import type { MapPoint } from './record-model'
import { textAt } from '../content/storyline'

function renderPlace(point: MapPoint): SafeHtml {
  const href = point.href === undefined ? undefined : safeUrl(point.href)
  const where = html`<span class="map-place-at">${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}</span>`
  return href === undefined
    ? html`<li>${point.label} ${where}</li>`
    : html`<li><a href="${href}">${point.label}</a> ${where}</li>`
}

export function renderMap(
  bucket: Bucket,
  story: number,
  points: readonly MapPoint[],
  attribution: string,
  m: Messages,
): SafeHtml {
  const title = textAt(bucket.title, story) || bucket.name
  const places =
    points.length === 0
      ? html`<p class="empty">${m.say('map.empty')}</p>`
      : html`<ul class="map-places">${points.map(renderPlace)}</ul>`
  const caption = html`<figcaption>${m.say('map.caption', { title })}</figcaption>`
  const data = html`data-points="${JSON.stringify(points)}" data-attribution="${attribution}"`
  return html`<figure class="map" ${data}><div class="map-canvas" role="presentation"></div>${caption}${places}</figure>`
}
