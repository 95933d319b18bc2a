// What the suggestion routes say when they show no form. "Not found" never
// tells whether the page exists or names someone else as responsible.
import type { Viewer } from '../account'
import type { DeskMessage } from '../desk/message-page'
import { refusalMessage } from '../desk/refusals'

export function suggestSignIn(viewer: Viewer): DeskMessage {
  return {
    ...refusalMessage('sign-in', viewer),
    message: 'Suggesting a change is for the people a page names as responsible. Sign in to continue.',
  }
}

export const suggestNotFound: DeskMessage = {
  status: 404,
  title: 'Not found',
  message: 'There is no page here you can suggest a change to. Only the people a page names as responsible can.',
  links: [{ href: '/my', label: 'Your account' }],
}

export function suggestFormRefused(back: string): DeskMessage {
  return {
    status: 403,
    title: 'The form could not be sent',
    message: 'The form had run out or did not come from this site. Open it again and send it from there.',
    links: [{ href: back, label: 'Open the form again' }],
  }
}
