// Where a map goes. Maps need MAP_TOKEN; without it the block leaves no
// trace, so no page offers a map that cannot load.
import type { Block, Bucket } from '../content/model'
import { html, type SafeHtml } from './html'
import { textAt } from './storyline'

type MapBlock = Extract<Block, { kind: 'map' }>

export function renderMap(block: MapBlock, bucket: Bucket, story: number, mapsOn: boolean): SafeHtml | null {
  if (!mapsOn) return null
  return html`<figure class="map" data-bucket="${bucket.name}" data-field="${block.field}"><div class="map-canvas"></div><figcaption>Map: ${textAt(bucket.title, story)}</figcaption></figure>`
}
