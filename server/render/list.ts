// A listing block: its records (already narrowed to what the visitor may
// see), a way to the next page, or its empty state.
import type { Messages } from '../messages/messages'
import type { Block, Bucket } from '../content/model'
import { html, safeUrl, type SafeHtml } from './html'
import { renderListItem } from './list-item'
import type { ListData, SelfMoveForm } from './record-model'
import { textAt } from '../content/storyline'

type ListBlock = Extract<Block, { kind: 'list' }>

export interface ListRender {
  readonly story: number
  readonly m: Messages
  readonly index: number
  readonly recordId?: string
  /** Absent: nothing was looked up, so the list shows its empty state. */
  readonly data?: ListData
  readonly selfMoves?: SelfMoveForm
}

function renderPaging(data: ListData, headingId: string, title: string, m: Messages): SafeHtml | null {
  const link = (href: string | undefined, label: string) => {
    const safe = href === undefined ? undefined : safeUrl(href)
    return safe === undefined ? null : html`<a href="${safe}#${headingId}">${label}</a>`
  }
  const more = link(data.moreHref, m.say('list.more'))
  const newest = link(data.newestHref, m.say('list.newest'))
  if (more === null && newest === null) return null
  return html`<nav class="list-pages" aria-label="${m.say('list.more-of', { title })}">${more}${newest}</nav>`
}

function renderSignInNote(data: ListData | undefined, m: Messages): SafeHtml | null {
  const href = data?.signInHref === undefined ? undefined : safeUrl(data.signInHref)
  if (href === undefined) return null
  return html`<p class="list-sign-in"><a href="${href}">${m.say('account.sign-in')}</a> ${m.say('list.sign-in-note')}</p>`
}

export function renderList(block: ListBlock, bucket: Bucket, options: ListRender): SafeHtml {
  const headingId = `list-${options.index}-${bucket.name}`
  const title = textAt(block.title ?? bucket.title, options.story)
  // `equals: record` means the record this page shows.
  const record = block.where?.equals === 'record' ? options.recordId : undefined
  const data = options.data
  const items = data?.items ?? []
  const form = options.selfMoves ?? { pagePath: '/' }
  const shown =
    items.length === 0
      ? html`<p class="empty">${options.m.say('list.empty')}</p>`
      : html`<ul class="records">${items.map((item) => renderListItem(item, form, options.m))}</ul>`
  const body = html`${shown}${data ? renderPaging(data, headingId, title, options.m) : null}`
  const attrs = html`data-bucket="${bucket.name}" data-view="${block.view}"${
    block.where ? html` data-where-field="${block.where.field}"` : null
  }${record === undefined ? null : html` data-record="${record}"`} aria-labelledby="${headingId}"`
  const heading = html`<h2 id="${headingId}">${title}</h2>`
  return html`<section class="list" ${attrs}>${heading}${renderSignInNote(data, options.m)}${body}</section>`
}
