// What each refusal says. "Not found" never tells whether something once
// existed or exists for someone else.
import type { Refusal } from '../../desk/desk-access'
import type { Viewer } from '../account'
import type { DeskMessage } from './message-page'
import { en } from '../../messages/en'

export function refusalMessage(refusal: Refusal, viewer: Viewer): DeskMessage {
  switch (refusal) {
    case 'not-found':
      return {
        status: 404,
        title: 'Not found',
        message: 'There is nothing at this address. It may be mistyped, or it is not on this desk.',
        links: [{ href: '/desk', label: 'Your desks' }],
      }
    case 'sign-in':
      return {
        status: 403,
        title: 'Sign in needed',
        message: 'Desks are for signed-in staff. Sign in to continue.',
        links: !viewer.signedIn && viewer.signInHref !== null ? [{ href: viewer.signInHref, label: 'Sign in' }] : [],
      }
    case 'forbidden':
      return {
        status: 403,
        title: 'Not open to you',
        message: 'Your account may not open this. If you need it, ask the people who run the desk to invite you.',
        links: [{ href: '/desk', label: 'Your desks' }],
      }
  }
}

export function staleMessage(recordHref: string): DeskMessage {
  return {
    status: 409,
    title: 'This case was just changed',
    message: 'This case was just changed by someone else. Reload to see it.',
    links: [{ href: recordHref, label: 'Reload the case' }],
  }
}

export function moveNotAvailableMessage(recordHref: string, stateLabel: string): DeskMessage {
  return {
    status: 409,
    title: 'This move is not available',
    message: `This case is now ${stateLabel}, and that move cannot be made from there. Reload to see the moves it has.`,
    links: [{ href: recordHref, label: 'Reload the case' }],
  }
}

export function formExpiredMessage(recordHref: string): DeskMessage {
  return {
    status: 403,
    title: 'The move was refused',
    message: 'This form was out of date or did not come from this site. Reload the case and try again.',
    links: [{ href: recordHref, label: 'Reload the case' }],
  }
}

export function moveRefusedMessage(recordHref: string): DeskMessage {
  return {
    status: 403,
    title: 'The move was refused',
    message: 'Your account may not make this move on this case.',
    links: [{ href: recordHref, label: 'Back to the case' }],
  }
}

/** A staff link to a case that no desk the reader may open holds: who to ask, by the desks that hold it. */
export function noDeskForCaseMessage(holders: readonly string[]): DeskMessage {
  return {
    status: 403,
    title: en['error.403'],
    message: en['desk.refused.no-desk-for-case'].replace('{desks}', holders.join(', ')),
    links: [{ href: '/desk', label: en['desk.your-desks'] }],
  }
}
