// What each refusal says. "Not found" never tells whether something once
// existed or exists for someone else.
import type { Refusal } from '../../desk/desk-access'
import { said } from '../../messages/said'
import type { Viewer } from '../account'
import type { DeskMessage } from './message-page'

export function refusalMessage(refusal: Refusal, viewer: Viewer): DeskMessage {
  switch (refusal) {
    case 'not-found':
      return {
        status: 404,
        title: said('error.not-found'),
        message: said('desk.refused.not-found'),
        links: [{ href: '/desk', label: said('desk.your-desks') }],
      }
    case 'sign-in':
      return {
        status: 403,
        title: said('refused.sign-in-needed'),
        message: said('desk.refused.sign-in'),
        links:
          !viewer.signedIn && viewer.signInHref !== null
            ? [{ href: viewer.signInHref, label: said('account.sign-in') }]
            : [],
      }
    case 'forbidden':
      return {
        status: 403,
        title: said('error.403'),
        message: said('desk.refused.forbidden'),
        links: [{ href: '/desk', label: said('desk.your-desks') }],
      }
  }
}

export function staleMessage(recordHref: string): DeskMessage {
  return {
    status: 409,
    title: said('refusal.changed.title'),
    message: said('desk.refused.changed'),
    links: [{ href: recordHref, label: said('desk.refused.reload') }],
  }
}

export function moveNotAvailableMessage(recordHref: string, stateLabel: string): DeskMessage {
  return {
    status: 409,
    title: said('desk.refused.move-gone.title'),
    message: said('desk.refused.move-gone', { state: stateLabel }),
    links: [{ href: recordHref, label: said('desk.refused.reload') }],
  }
}

export function formExpiredMessage(recordHref: string): DeskMessage {
  return {
    status: 403,
    title: said('desk.refused.move.title'),
    message: said('desk.refused.move-stale'),
    links: [{ href: recordHref, label: said('desk.refused.reload') }],
  }
}

export function moveRefusedMessage(recordHref: string): DeskMessage {
  return {
    status: 403,
    title: said('desk.refused.move.title'),
    message: said('desk.refused.move-forbidden'),
    links: [{ href: recordHref, label: said('desk.refused.back') }],
  }
}

/** A staff link to a case that no desk the reader may open holds: who to ask, by the desks that hold it. */
export function noDeskForCaseMessage(holders: readonly string[]): DeskMessage {
  return {
    status: 403,
    title: said('error.403'),
    message: said('desk.refused.no-desk-for-case', { desks: holders.join(', ') }),
    links: [{ href: '/desk', label: said('desk.your-desks') }],
  }
}
