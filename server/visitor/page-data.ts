// Everything a content page shows besides its content: the records of its
// lists, the record of a record page, and what its forms offer this visitor.
import type { Page } from '../content/model'
import type { Said } from '../messages/said'
import { recordAccess } from '../policy/questions'
import type { FormOptions } from '../render/form'
import type { ListData, MapPoint, RecordSummary } from '../render/record-model'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'
import { buildList } from './list-data'
import { buildMapPoints } from './map-data'
import { formBuckets, needsSignIn } from './page-forms'
import { recordOptions } from './record-options'
import { summarize } from './summary'

export interface Refused {
  readonly bucket: string
  readonly values: Readonly<Record<string, string>>
  readonly errors: Readonly<Record<string, Said>>
  /**
   * The refused post's one-time token: the form sent again is the same filing, kept once should the refused
   * post have been stored after all (the bus did not answer in time), and it finds the files kept for it.
   */
  readonly submission?: string
  /** The names of files kept for the form's next post, by field name (files/pending-upload.ts). */
  readonly kept?: Readonly<Record<string, string>>
}

export interface PageRequest {
  readonly page: Page
  /** A record page's record, already found. */
  readonly record?: RecordView
  /** 1-based page of each list block. */
  readonly listPage: (index: number) => number
  readonly listHref: (index: number, page: number) => string
  /** Where to sign in and come back here; undefined when sign-in is off. */
  readonly signInHref?: string
  readonly refused?: Refused
  /** Maps are on (MAP_TOKEN): map blocks get their places. */
  readonly mapsOn: boolean
}

export interface PageData {
  readonly forms: Record<string, FormOptions>
  readonly lists: Record<number, ListData>
  /** Per map block index: its places. */
  readonly maps: Record<number, MapPoint[]>
  readonly record?: RecordSummary
  readonly signInToFile: Record<string, string | null>
  /** Whether a form is shown that needs the visitor's CSRF token. */
  readonly showsForm: boolean
}

export function buildPageData(ctx: PageContext, request: PageRequest): PageData {
  const { page, record } = request
  const forms: Record<string, FormOptions> = {}
  const signInToFile: Record<string, string | null> = {}
  for (const name of formBuckets(page)) {
    const bucket = ctx.site.buckets.get(name)
    if (bucket === undefined) continue
    if (needsSignIn(bucket, ctx.visitor.signedIn)) {
      signInToFile[name] = request.signInHref ?? null
      continue
    }
    const refused = request.refused?.bucket === name ? request.refused : undefined
    forms[name] = {
      recordOptions: recordOptions(ctx, bucket),
      values: refused?.values,
      errors: refused?.errors,
      ...(refused?.submission === undefined ? {} : { submission: refused.submission }),
      ...(refused?.kept === undefined ? {} : { kept: refused.kept }),
    }
  }
  const lists: Record<number, ListData> = {}
  page.blocks.forEach((block, index) => {
    if (block.kind !== 'list') return
    lists[index] = buildList(ctx, block, {
      recordId: record?.id,
      page: request.listPage(index),
      pageHref: (n) => request.listHref(index, n),
      signInHref: request.signInHref,
    })
  })
  const maps: Record<number, MapPoint[]> = {}
  page.blocks.forEach((block, index) => {
    if (block.kind === 'map' && request.mapsOn) maps[index] = buildMapPoints(ctx, block)
  })
  return {
    forms,
    lists,
    maps,
    signInToFile,
    record: recordSummary(ctx, page, record),
    showsForm: Object.keys(forms).length > 0,
  }
}

function recordSummary(ctx: PageContext, page: Page, record: RecordView | undefined): RecordSummary | undefined {
  const bucket = page.record === undefined ? undefined : ctx.site.buckets.get(page.record)
  if (bucket === undefined || record === undefined) return undefined
  const access = recordAccess(ctx.policy, ctx.visitor, bucket, record)
  return access === null ? undefined : summarize(ctx, bucket, record, access, true)
}
