// What a page route asks to have shown: the page, the record on a record
// page, the query and a refusal to show beside the form. Shared by the
// renderer (show-page.ts) and the page cache's key (cached-page.ts).
import type { Page } from '../server/content/model'
import type { Refused } from '../server/visitor/page-data'
import type { PageQuery } from '../server/visitor/page-query'

export interface ShowPage {
  readonly page: Page
  readonly recordId?: string
  /** The path as asked for, a record page's with its id. */
  readonly path: string
  readonly query: PageQuery
  readonly refused?: Refused
  readonly statusCode?: number
}
