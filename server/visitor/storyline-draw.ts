// Giving a visitor their storyline (SPEC Storylines 3): uniformly at random,
// kept in a cookie. A visitor is counted for the report once, when they come
// back with the storyline they were given: a crawler that never sends a
// cookie back is drawn for again and again but never counted, and so is a
// script posting forms without cookies. Someone who files on their first
// request comes back on the page the filing sends them to, and counts there.
import { randomInt } from 'node:crypto'

export interface StorylineChoice {
  readonly story: number
  /** Drawn just now: the response gives the cookie. */
  readonly drawn: boolean
  /** This visitor is counted now, once. */
  readonly counted: boolean
  /** The mark of a draw not yet counted goes with the response (set) or goes away (clear). */
  readonly mark: 'set' | 'clear' | 'keep'
}

export interface StorylineCookies {
  /** The storyline cookie's value. */
  readonly storyline: string | undefined
  /** Whether the mark of a draw not yet counted came back. */
  readonly marked: boolean
}

/** One of `count` storylines, each as likely: crypto's randomInt has no modulo bias. */
export const drawStoryline = (count: number): number => randomInt(count)

export function chooseStoryline(
  storylines: readonly string[],
  cookies: StorylineCookies,
  draw: (count: number) => number = drawStoryline,
): StorylineChoice {
  const kept = storylines.indexOf(cookies.storyline ?? '')
  // A storyline the content no longer has, or one never made (forged), is replaced as on a first visit.
  if (kept < 0) {
    const story = draw(storylines.length)
    return { story, drawn: true, counted: false, mark: 'set' }
  }
  return { story: kept, drawn: false, counted: cookies.marked, mark: cookies.marked ? 'clear' : 'keep' }
}
