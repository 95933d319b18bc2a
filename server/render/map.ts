// Where a map goes. Maps need MAP_TOKEN; without it the block leaves no
// trace, so no page offers a map that cannot load.
import type { Block, Bucket } from '../content/model'
import { html, type SafeHtml } from './html'
import { textAt } from './storyline'

type MapBlock = Extract<Block, { kind: 'map' }>

export function renderMap(block: MapBlock, bucket: Bucket, story: number, mapsOn: boolean): SafeHtml | null {
  if (!mapsOn) return null
  const caption = html`<figcaption>Map: ${textAt(bucket.title, story)}</figcaption>`
  const attrs = html`data-bucket="${bucket.name}" data-field="${block.field}"`
  return html`<figure class="map" ${attrs}><div class="map-canvas"></div>${caption}</figure>`
}
