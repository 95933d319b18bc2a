// What the People view and the account page say besides themselves: after a
// post (post/redirect/get carries `?done=`), and on a refusal.
import { said, type Said } from '../../messages/said'
import type { DeskMessage } from '../desk/message-page'

const DONE: Readonly<Record<string, Said>> = {
  invited: said('people.done.invited'),
  removed: said('people.done.removed'),
  again: said('people.done.again'),
}

export function doneNotice(done: unknown): { said: Said; problem: false } | undefined {
  const notice = typeof done === 'string' && Object.hasOwn(DONE, done) ? DONE[done] : undefined
  return notice === undefined ? undefined : { said: notice, problem: false }
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
