// Every word a person reads comes from the message catalogue: the desk's and
// the suggestion routes' refusals are said in the site's language, with no
// English left over on a Bokmål site.
import { describe, expect, it } from 'vitest'
import { en } from '../../server/messages/en'
import { nb } from '../../server/messages/nb'
import { renderMessagePage, type DeskMessage } from '../../server/render/desk/message-page'
import {
  formExpiredMessage,
  moveNotAvailableMessage,
  moveRefusedMessage,
  noDeskForCaseMessage,
  refusalMessage,
  staleMessage,
} from '../../server/render/desk/refusals'
import { accountSignInMessage, peopleFormRefused } from '../../server/render/people/people-notices'
import { suggestFormRefused, suggestNotFound, suggestSignIn } from '../../server/render/suggestions/suggest-messages'
import { createSite } from './fixture'

const signedOut = { signedIn: false, signInHref: '/auth/sign-in?return=%2Fdesk' } as const
const messages: Record<string, DeskMessage> = {
  'not found': refusalMessage('not-found', signedOut),
  'sign in': refusalMessage('sign-in', signedOut),
  forbidden: refusalMessage('forbidden', signedOut),
  stale: staleMessage('/desk/a/b/c'),
  'move gone': moveNotAvailableMessage('/desk/a/b/c', 'Fikset'),
  'form expired': formExpiredMessage('/desk/a/b/c'),
  'move refused': moveRefusedMessage('/desk/a/b/c'),
  'no desk for the case': noDeskForCaseMessage(['Saksbehandling']),
  'people form refused': peopleFormRefused('/desk/a/people'),
  'account sign in': accountSignInMessage('/auth/sign-in'),
  'suggest sign in': suggestSignIn(signedOut),
  'suggest not found': suggestNotFound,
  'suggest form refused': suggestFormRefused('/suggest?page=%2F'),
}

function render(language: string, message: DeskMessage): string {
  const site = createSite({ language })
  return renderMessagePage({ site, story: 0, viewer: signedOut, assets: { css: '/style.css' }, message })
}

describe('desk refusals in the site language', () => {
  for (const [name, message] of Object.entries(messages)) {
    it(`a Bokmål site's "${name}" page has its title, text and links in Bokmål, none of them in English`, () => {
      const page = render('nb', message)
      for (const piece of [message.title, message.message, ...message.links.map((link) => link.label)]) {
        expect(page).not.toContain(en[piece.id].split('{')[0]?.trim())
        expect(page).toContain(nb[piece.id].split('{')[0]?.trim().replace(/'/g, '&#39;').slice(0, 20))
      }
    })
  }

  it('the values are filled in: the state a move can no longer be made from, the desks to ask', () => {
    expect(render('nb', messages['move gone'] as DeskMessage)).toContain('Fikset')
    expect(render('en', messages['no desk for the case'] as DeskMessage)).toContain(
      'ask the people who run Saksbehandling',
    )
  })
})
