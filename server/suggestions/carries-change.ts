// Whether the content live now carries what a suggestion proposed: every
// changed text reads as suggested (compared as text). This is how an accepted
// suggestion is seen to be applied, whichever way the change reached the
// content repository.
import type { SiteModel } from '../content/model'
import { pageTexts } from './page-texts'
import type { Suggestion } from './suggestion-record'

export function carriesChange(site: SiteModel, suggestion: Suggestion): boolean {
  const page = site.pages.find((p) => p.path === suggestion.page) ?? site.pages.find((p) => p.file === suggestion.file)
  if (page === undefined) return false
  const texts = new Map(pageTexts(page).map((text) => [text.key, text.entries]))
  return suggestion.changes.every((change) => {
    const entries = texts.get(change.key)
    if (entries === undefined) return false
    if (change.storyline === null) return entries.every((entry) => entry === change.after)
    return entries[site.storylines.indexOf(change.storyline)] === change.after
  })
}
