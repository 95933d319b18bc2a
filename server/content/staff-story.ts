// Staff read desks, the People view and staff mail in one storyline, the
// site's first or the one `staff_storyline:` names, whatever storyline the
// records they work on were told in (each record's shows as a tag).
import type { SiteModel } from './model'

/** The index of the staff storyline in `site.storylines`. */
export function staffStory(site: SiteModel): number {
  const named = site.branding.staffStoryline
  return named === undefined ? 0 : Math.max(0, site.storylines.indexOf(named))
}
