// A visitor gets one storyline for the whole site on their first visit,
// uniformly at random, and keeps it in a long-lived cookie; a person who
// signs in gets the one kept for them instead (utils/kept-storyline.ts).
// A first visit is counted for the report when the visitor comes back with
// the storyline (server/visitor/storyline-draw.ts): in memory only, so a page
// view writes nothing to the bus (server/nitro/visitor-count-plugin.ts stores it).
import { deleteCookie, getCookie, setCookie, type H3Event } from 'h3'
import { useVisitorCounter } from '../server/app/visitor-counter'
import type { SiteModel } from '../server/content/model'
import { chooseStoryline } from '../server/visitor/storyline-draw'
import { siteCookie } from './secure'

const STORYLINE_COOKIE = 'svc_story'
// Beside the storyline from its draw until the visitor comes back with both: then they are counted.
const DRAWN_COOKIE = 'svc_story_drawn'
const ONE_YEAR = 60 * 60 * 24 * 365

/** Gives this browser storyline `story` (a person's kept one, at sign-in). */
export function setStoryline(event: H3Event, site: SiteModel, story: number): void {
  setCookie(event, STORYLINE_COOKIE, site.storylines[story] ?? '', siteCookie({ maxAge: ONE_YEAR }))
  event.context.storyline = story
}

export function getStoryline(event: H3Event, site: SiteModel): number {
  const cached = event.context.storyline as number | undefined
  if (cached !== undefined) return cached
  const choice = chooseStoryline(site.storylines, {
    storyline: getCookie(event, STORYLINE_COOKIE),
    marked: getCookie(event, DRAWN_COOKIE) !== undefined,
  })
  const storyline = site.storylines[choice.story] ?? ''
  if (choice.drawn) setCookie(event, STORYLINE_COOKIE, storyline, siteCookie({ maxAge: ONE_YEAR }))
  if (choice.mark === 'set') setCookie(event, DRAWN_COOKIE, '1', siteCookie({ maxAge: ONE_YEAR }))
  if (choice.mark === 'clear') deleteCookie(event, DRAWN_COOKIE, siteCookie())
  if (choice.counted) useVisitorCounter().count(storyline)
  event.context.storyline = choice.story
  return choice.story
}

/** The visitor's storyline if they have one already, else the first; never draws or sets one (error pages). */
export function keptStoryline(event: H3Event, site: SiteModel): number {
  const cached = event.context.storyline as number | undefined
  if (cached !== undefined) return cached
  return Math.max(0, site.storylines.indexOf(getCookie(event, STORYLINE_COOKIE) ?? ''))
}
