// What the suggestion routes say when they show no form. "Not found" never
// tells whether the page exists or names someone else as responsible.
import { said } from '../../messages/said'
import type { Viewer } from '../account'
import type { DeskMessage } from '../desk/message-page'
import { refusalMessage } from '../desk/refusals'

export function suggestSignIn(viewer: Viewer): DeskMessage {
  return { ...refusalMessage('sign-in', viewer), message: said('suggest.refused.sign-in') }
}

export const suggestNotFound: DeskMessage = {
  status: 404,
  title: said('error.not-found'),
  message: said('suggest.refused.not-found'),
  links: [{ href: '/my', label: said('account.title') }],
}

export function suggestFormRefused(back: string): DeskMessage {
  return {
    status: 403,
    title: said('suggest.refused.title'),
    message: said('suggest.refused.message'),
    links: [{ href: back, label: said('suggest.refused.again') }],
  }
}
