// A visitor gets one storyline for the whole site on their first visit,
// uniformly at random, and keeps it in a long-lived cookie; a person who
// signs in gets the one kept for them instead (utils/kept-storyline.ts).
import { randomInt } from 'node:crypto'
import { getCookie, setCookie, type H3Event } from 'h3'
import type { SiteModel } from '../server/content/model'
import { siteCookie } from './secure'

const STORYLINE_COOKIE = 'svc_story'
const ONE_YEAR = 60 * 60 * 24 * 365

/** Gives this browser storyline `story` (a person's kept one, at sign-in). */
export function setStoryline(event: H3Event, site: SiteModel, story: number): void {
  setCookie(event, STORYLINE_COOKIE, site.storylines[story] ?? '', siteCookie({ maxAge: ONE_YEAR }))
  event.context.storyline = story
}

export function getStoryline(event: H3Event, site: SiteModel): number {
  const cached = event.context.storyline as number | undefined
  if (cached !== undefined) return cached
  const kept = site.storylines.indexOf(getCookie(event, STORYLINE_COOKIE) ?? '')
  // A storyline the content no longer has is replaced as if this were a first visit.
  const story = kept >= 0 ? kept : randomInt(site.storylines.length)
  if (kept < 0) {
    setCookie(event, STORYLINE_COOKIE, site.storylines[story] ?? '', siteCookie({ maxAge: ONE_YEAR }))
  }
  event.context.storyline = story
  return story
}

/** The visitor's storyline if they have one already, else the first; never draws or sets one (error pages). */
export function keptStoryline(event: H3Event, site: SiteModel): number {
  const cached = event.context.storyline as number | undefined
  if (cached !== undefined) return cached
  return Math.max(0, site.storylines.indexOf(getCookie(event, STORYLINE_COOKIE) ?? ''))
}
