// What the People view and the account page say besides themselves: after a
// post (post/redirect/get carries `?done=`), and on a refusal.
import type { DeskMessage } from '../desk/message-page'

const DONE: Readonly<Record<string, string>> = {
  invited: 'The invite is sent. The link in it works until the time shown below.',
  removed: 'Removed. They lose the group at their very next click.',
  again: 'That form was sent already; nothing more was done.',
}

export function doneNotice(done: unknown): { text: string; problem: false } | undefined {
  const text = typeof done === 'string' ? DONE[done] : undefined
  return text === undefined ? undefined : { text, problem: false }
}

/** A People form without this session's CSRF token or a one-time token: nothing was done. */
export function peopleFormRefused(peopleHref: string): DeskMessage {
  return {
    status: 403,
    title: 'The form was refused',
    message:
      'This form was out of date or did not come from this site, so nothing was changed. Reload the page and try again.',
    links: [{ href: peopleHref, label: 'Reload the People view' }],
  }
}

/** /my for someone not signed in. */
export function accountSignInMessage(signInHref: string | null): DeskMessage {
  return {
    status: 401,
    title: 'Sign in to see your account',
    message: 'Your account page shows your groups and the invites waiting for you once you are signed in.',
    links: signInHref === null ? [] : [{ href: signInHref, label: 'Sign in' }],
  }
}
