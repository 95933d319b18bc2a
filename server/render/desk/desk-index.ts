// GET /desk: the desks the signed-in person may open.
import type { Desk, SiteModel } from '../../content/model'
import { deskPath } from '../../desk/names'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../storyline'

const NO_DESK = 'Your account opens no desk on this site. If you work on one, ask the people who run it to invite you.'

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
  const body = html`<h1>Your desks</h1>${
    items.length > 0 ? html`<ul class="desk-index">${items}</ul>` : html`<p>${NO_DESK}</p>`
  }`
  return renderLayout({ site, story, title: 'Your desks', body, assets, viewer })
}
