// What the People view and the account page say besides themselves: after a
// post (post/redirect/get carries `?done=`), and on a refusal.
import { en } from '../../messages/en'
import { said } from '../../messages/said'
import type { DeskMessage } from '../desk/message-page'

// English from the catalogue; the page says it in the site's language (people-page.ts).
const DONE: Readonly<Record<string, string>> = {
  invited: en['people.done.invited'],
  removed: en['people.done.removed'],
  again: en['people.done.again'],
}

export function doneNotice(done: unknown): { text: string; problem: false } | undefined {
  const text = typeof done === 'string' ? DONE[done] : undefined
  return text === undefined ? undefined : { text, problem: false }
}

/** A People form without this session's CSRF token or a one-time token: nothing was done. */
export function peopleFormRefused(peopleHref: string): DeskMessage {
  return {
    status: 403,
    title: said('people.refused.title'),
    message: said('people.refused.message'),
    links: [{ href: peopleHref, label: said('people.refused.reload') }],
  }
}

/** /my for someone not signed in. */
export function accountSignInMessage(signInHref: string | null): DeskMessage {
  return {
    status: 401,
    title: said('account.sign-in.title'),
    message: said('account.sign-in.message'),
    links: signInHref === null ? [] : [{ href: signInHref, label: said('account.sign-in') }],
  }
}
