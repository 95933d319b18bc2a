// A listing's place on the page. Records are filled in by whoever has them;
// until then it says plainly that there is nothing to show.
import type { Bucket, Block } from '../content/model'
import { html, type SafeHtml } from './html'
import { textAt } from './storyline'

type ListBlock = Extract<Block, { kind: 'list' }>

export function renderList(block: ListBlock, bucket: Bucket, story: number, index: number, recordId?: string): SafeHtml {
  const headingId = `list-${index}-${bucket.name}`
  // `equals: record` means the record this page shows.
  const record = block.where?.equals === 'record' ? recordId : undefined
  return html`<section class="list" data-bucket="${bucket.name}" data-view="${block.view}"${
    block.where ? html` data-where-field="${block.where.field}"` : null
  }${record === undefined ? null : html` data-record="${record}"`} aria-labelledby="${headingId}"><h2 id="${headingId}">${textAt(bucket.title, story)}</h2><p class="empty">Nothing here yet.</p></section>`
}
