// At sign-in: the storyline kept for the person (server/people/kept-storyline.ts)
// becomes this browser's, so they read one storyline on every device; a
// person signing in for the first time keeps the one this browser had. A bus
// that cannot answer leaves the browser's as it is, and the sign-in goes on.
import type { H3Event } from 'h3'
import { useBus } from '../server/app/bus'
import { useContent } from '../server/app/content'
import { log } from '../server/log'
import { keepStoryline } from '../server/people/kept-storyline'
import type { SessionUser } from '../server/sessions'
import { getStoryline, setStoryline } from './storyline'

export async function keepStorylineAtSignIn(event: H3Event, user: SessionUser): Promise<void> {
  try {
    const { site } = await useContent()
    const offered = site.storylines[getStoryline(event, site)] ?? ''
    const kept = site.storylines.indexOf(await keepStoryline(await useBus(), user.subject, offered))
    // One the content no longer tells leaves the browser's.
    if (kept >= 0) setStoryline(event, site, kept)
  } catch (error) {
    log('error', 'auth', `[svc] [auth] the storyline kept for a person could not be read: ${String(error)}`)
  }
}
