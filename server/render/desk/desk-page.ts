// GET /desk/{desk}: one section per bucket of the desk the person may read.
import { messagesFor } from '../../messages/messages'
import type { Desk, SiteModel } from '../../content/model'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../../content/storyline'
import type { BucketListing } from '../../desk/listing'
import { renderBucketSection } from './bucket-section'
import { renderDeskDiagram } from './state-diagram'
import { deskSuggestionsPath } from '../../content/paths'

export interface DeskPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly desk: Desk
  readonly listings: readonly BucketListing[]
  /** The desk's People view, when this person may invite from it. */
  readonly peopleHref?: string
}

export function renderDeskPage(options: DeskPageOptions): string {
  const { site, story, viewer, assets, desk, listings, peopleHref } = options
  const title = textAt(desk.title, story) || desk.name
  const m = messagesFor(site, story)
  // One storyline needs no tag.
  const tags = site.storylines.length > 1
  const sections = listings.map((listing) => {
    const diagram = renderDeskDiagram({ site, bucket: listing.bucket, story, m })
    return renderBucketSection(desk.name, listing, story, tags, m, diagram)
  })
  const people = peopleHref === undefined ? null : html`<p><a href="${peopleHref}">${m.say('desk.people-link')}</a></p>`
  const suggestions = desk.suggestions
    ? html`<p><a href="${deskSuggestionsPath(desk.name)}">${m.say('desk.suggestions-link')}</a></p>`
    : null
  const body = html`<h1>${title}</h1>${people}${suggestions}${
    sections.length > 0 ? sections : html`<p>${m.say('desk.nothing-readable')}</p>`
  }`
  return renderLayout({ site, story, title, body, assets, viewer })
}
