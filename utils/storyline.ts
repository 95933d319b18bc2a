// A visitor gets one storyline for the whole site on their first visit,
// uniformly at random, and keeps it in a long-lived cookie; a person who
// signs in gets the one kept for them instead (utils/kept-storyline.ts).
// A first visit is counted for the report when the visitor comes back with
// the storyline (server/visitor/storyline-draw.ts): in memory only, so a page
// view writes nothing to the bus (server/nitro/visitor-count-plugin.ts stores it).
import { getCookie, parseCookies, type H3Event } from 'h3'
import { useVisitorCounter } from '../server/app/visitor-counter'
import type { SiteModel } from '../server/content/model'
import { chooseStoryline } from '../server/visitor/storyline-draw'
import { setSiteCookie, setSiteCookieLine, siteCookieLine } from './site-cookie'

const STORYLINE_COOKIE = 'svc_story'
// Beside the storyline from its draw until the visitor comes back with both: then they are counted.
const DRAWN_COOKIE = 'svc_story_drawn'
const ONE_YEAR = 60 * 60 * 24 * 365

/** Gives this browser storyline `story` (a person's kept one, at sign-in). */
export function setStoryline(event: H3Event, site: SiteModel, story: number): void {
  setSiteCookie(event, STORYLINE_COOKIE, site.storylines[story] ?? '', ONE_YEAR)
  event.context.storyline = story
}

export interface StorylineDraw {
  readonly story: number
  /** The Set-Cookie lines the answer carries: the storyline and its mark. */
  readonly lines: readonly string[]
}

/**
 * The storyline of a request sending `cookies`, and the cookie lines its
 * answer must carry; a visitor who came back is counted here. For the page
 * fast path (utils/cached-page.ts), which writes the lines with its answer or
 * hands them to the route with setStorylineDraw.
 */
export function drawStorylineFor(
  site: SiteModel,
  cookies: Readonly<Record<string, string | undefined>>,
): StorylineDraw {
  const choice = chooseStoryline(site.storylines, {
    storyline: cookies[STORYLINE_COOKIE],
    marked: cookies[DRAWN_COOKIE] !== undefined,
  })
  const storyline = site.storylines[choice.story] ?? ''
  const lines: string[] = []
  if (choice.drawn) lines.push(siteCookieLine(STORYLINE_COOKIE, storyline, ONE_YEAR))
  if (choice.mark === 'set') lines.push(siteCookieLine(DRAWN_COOKIE, '1', ONE_YEAR))
  if (choice.mark === 'clear') lines.push(siteCookieLine(DRAWN_COOKIE, '', 0))
  if (choice.counted) useVisitorCounter().count(storyline)
  return { story: choice.story, lines }
}

/** This request's storyline is `draw`: its cookies go on the response, and getStoryline answers it. */
export function setStorylineDraw(event: H3Event, draw: StorylineDraw): number {
  for (const line of draw.lines) setSiteCookieLine(event, line)
  event.context.storyline = draw.story
  return draw.story
}

export function getStoryline(event: H3Event, site: SiteModel): number {
  const cached = event.context.storyline as number | undefined
  if (cached !== undefined) return cached
  return setStorylineDraw(event, drawStorylineFor(site, parseCookies(event)))
}

/** The visitor's storyline if they have one already, else the first; never draws or sets one (error pages). */
export function keptStoryline(event: H3Event, site: SiteModel): number {
  const cached = event.context.storyline as number | undefined
  if (cached !== undefined) return cached
  return Math.max(0, site.storylines.indexOf(getCookie(event, STORYLINE_COOKIE) ?? ''))
}
