// Which desk lists and moves the edit suggestions (`suggestions: true`, at
// most one: the lint sees to it), and where.
import type { Desk, SiteModel } from '../content/model'
import { deskSuggestionsPath } from '../content/paths'

export function suggestionsDesk(site: SiteModel): Desk | null {
  return [...site.desks.values()].find((desk) => desk.suggestions) ?? null
}

export function suggestionsDeskPath(site: SiteModel): string | null {
  const desk = suggestionsDesk(site)
  return desk === null ? null : deskSuggestionsPath(desk.name)
}
