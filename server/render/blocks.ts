// A page's blocks, in content order, in one storyline.
import type { Block, Page, SiteModel } from '../content/model'
import { renderForm, type FormOptions } from './form'
import { html, type SafeHtml } from './html'
import { renderList } from './list'
import { renderMap } from './map'
import { renderMarkdown } from './markdown'
import { textAt } from './storyline'

export interface BlocksOptions {
  readonly site: SiteModel
  readonly page: Page
  readonly story: number
  readonly mapsOn: boolean
  readonly filesEnabled: boolean
  /** The record a record page shows. */
  readonly recordId?: string
  readonly csrf?: string
  /** Per bucket: a refused submission's values and errors, record choices, labels. */
  readonly forms?: Readonly<Record<string, FormOptions>>
}

// A form on a record page files records that belong to the shown record, so
// record fields pointing at that bucket start on it.
function formValues(options: BlocksOptions, bucketName: string): Readonly<Record<string, string>> {
  const given = options.forms?.[bucketName]?.values ?? {}
  const { page, recordId } = options
  const bucket = options.site.buckets.get(bucketName)
  if (!bucket || page.record === undefined || recordId === undefined) return given
  const owning = bucket.fields.filter((field) => field.type === 'record' && field.of === page.record)
  return { ...Object.fromEntries(owning.map((field) => [field.name, recordId])), ...given }
}

function renderBlock(block: Block, index: number, options: BlocksOptions): SafeHtml | null {
  const { site, story } = options
  if (block.kind === 'text') return html`<div class="text">${renderMarkdown(textAt(block.text, story))}</div>`
  // The compiled model has checked every bucket name; a missing one renders nothing.
  const bucket = site.buckets.get(block.bucket)
  if (!bucket) return null
  switch (block.kind) {
    case 'form':
      return renderForm(bucket, story, {
        ...options.forms?.[bucket.name],
        values: formValues(options, bucket.name),
        csrf: options.csrf ?? options.forms?.[bucket.name]?.csrf,
        filesEnabled: options.filesEnabled,
      })
    case 'list':
      return renderList(block, bucket, story, index, options.recordId)
    case 'map':
      return renderMap(block, bucket, story, options.mapsOn)
  }
}

export function renderBlocks(options: BlocksOptions): SafeHtml {
  return html`${options.page.blocks.map((block, index) => renderBlock(block, index, options))}`
}
