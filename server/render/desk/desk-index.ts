// GET /desk: the desks the signed-in person may open.
import { messagesFor } from '../../messages/messages'
import type { Desk, SiteModel } from '../../content/model'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../../content/storyline'
import { deskPath } from '../../content/paths'

export interface DeskIndexOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly desks: readonly Desk[]
}

export function renderDeskIndex({ site, story, viewer, assets, desks }: DeskIndexOptions): string {
  const bucketTitles = (desk: Desk) =>
    desk.buckets.map((name) => textAt(site.buckets.get(name)?.title, story) || name).join(', ')
  const items = desks.map((desk) => {
    const covers = html`<span class="desk-covers">${bucketTitles(desk)}</span>`
    return html`<li><a href="${deskPath(desk.name)}">${textAt(desk.title, story)}</a>${covers}</li>`
  })
  const m = messagesFor(site, story)
  const title = m.say('desk.your-desks')
  const body = html`<h1>${title}</h1>${
    items.length > 0 ? html`<ul class="desk-index">${items}</ul>` : html`<p>${m.say('desk.no-desk')}</p>`
  }`
  return renderLayout({ site, story, title, body, assets, viewer })
}
