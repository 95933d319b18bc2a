// A page's blocks, in content order, in one storyline.
import { messagesFor, type Messages } from '../messages/messages'
import type { Block, Page, SiteModel } from '../content/model'
import { renderForm, type FormOptions } from './form'
import { html, safeUrl, type SafeHtml } from './html'
import { renderList } from './list'
import { renderMap } from './map'
import { renderMarkdown } from './markdown'
import { renderRecordHeader } from './record-header'
import type { ListData, MapPoint, RecordSummary } from './record-model'
import { PAGE_FIELD, RECORD_FIELD } from '../forms/service-fields'
import { textAt } from '../content/storyline'

export interface BlocksOptions {
  readonly site: SiteModel
  readonly page: Page
  readonly story: number
  readonly mapsOn: boolean
  /** Per map block index: its places. */
  readonly maps?: Readonly<Record<number, readonly MapPoint[]>>
  /** The credit the map provider asks for (MAP_ATTRIBUTION). */
  readonly mapAttribution?: string
  readonly filesEnabled: boolean
  /** The record a record page shows. */
  readonly recordId?: string
  readonly csrf?: string
  /** Per bucket: a refused submission's values and errors, record choices, labels. */
  readonly forms?: Readonly<Record<string, FormOptions>>
  /** The page's own path (a record page's with its id): where its forms return. */
  readonly pagePath?: string
  /** Per list block index: the records it shows. */
  readonly lists?: Readonly<Record<number, ListData>>
  /** A record page's record, narrowed to what the visitor may see. */
  readonly record?: RecordSummary
  /** Per bucket of a `sign_in: required` form: where to sign in instead (null: sign-in is off). */
  readonly signInToFile?: Readonly<Record<string, string | null>>
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

function hiddenInputs(options: BlocksOptions): Readonly<Record<string, string>> | undefined {
  if (options.pagePath === undefined) return undefined
  return options.recordId === undefined
    ? { [PAGE_FIELD]: options.pagePath }
    : { [PAGE_FIELD]: options.pagePath, [RECORD_FIELD]: options.recordId }
}

function renderSignInToFile(href: string | null, m: Messages): SafeHtml {
  const safe = href === null ? undefined : safeUrl(href)
  if (safe === undefined) return html`<p class="form-sign-in">${m.say('form.no-sign-in')}</p>`
  return html`<p class="form-sign-in"><a class="button" href="${safe}">${m.say('form.sign-in-to-file')}</a></p>`
}

function renderBlock(block: Block, index: number, options: BlocksOptions): SafeHtml | null {
  const { site, story } = options
  const m = messagesFor(site, story)
  if (block.kind === 'text') return html`<div class="text">${renderMarkdown(textAt(block.text, story))}</div>`
  // The compiled model has checked every bucket name; a missing one renders nothing.
  const bucket = site.buckets.get(block.bucket)
  if (!bucket) return null
  switch (block.kind) {
    case 'form': {
      const signIn = options.signInToFile?.[bucket.name]
      if (signIn !== undefined) return renderSignInToFile(signIn, m)
      return renderForm(bucket, story, {
        m,
        ...options.forms?.[bucket.name],
        values: formValues(options, bucket.name),
        csrf: options.csrf ?? options.forms?.[bucket.name]?.csrf,
        filesEnabled: options.filesEnabled,
        ...(options.mapsOn ? { mapPicker: { attribution: options.mapAttribution ?? '' } } : {}),
        hidden: hiddenInputs(options),
      })
    }
    case 'list':
      return renderList(block, bucket, {
        story,
        m,
        index,
        recordId: options.recordId,
        data: options.lists?.[index],
        selfMoves: { csrf: options.csrf, pagePath: options.pagePath ?? options.page.path },
      })
    case 'map':
      if (!options.mapsOn) return null
      return renderMap(bucket, story, options.maps?.[index] ?? [], options.mapAttribution ?? '', m)
  }
}

export function renderBlocks(options: BlocksOptions): SafeHtml {
  const record =
    options.record === undefined
      ? null
      : renderRecordHeader(
          options.record,
          { csrf: options.csrf, pagePath: options.pagePath ?? options.page.path },
          messagesFor(options.site, options.story),
        )
  return html`${record}${options.page.blocks.map((block, index) => renderBlock(block, index, options))}`
}
