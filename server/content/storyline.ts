// A page is told in one storyline; every text is read at that index only, so
// no other storyline's wording can leak onto the page.
import type { SiteModel, Text } from './model'

/** The storyline's entry of `text`; empty when the text is absent. */
export function textAt(text: Text | undefined, story: number): string {
  return text?.[story] ?? ''
}

/** Refuses an index outside the site's storylines instead of showing blanks. */
export function checkStory(site: SiteModel, story: number): void {
  if (!Number.isInteger(story) || story < 0 || story >= site.storylines.length) {
    throw new RangeError(`storyline ${story} is not one of the site's ${site.storylines.length}`)
  }
}
