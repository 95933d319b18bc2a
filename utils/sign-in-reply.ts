// The short page the sign-in routes answer with when they cannot go on:
// what happened, and (unless sign-in is off) a link to try again that comes
// back to `returnTo`.
import type { H3Event } from 'h3'
import { useContent } from '../server/app/content'
import { log } from '../server/log'
import { said, type Said } from '../server/messages/said'
import type { AddressMismatch } from '../server/sign-in/address-mismatch'
import { renderSignInPage } from '../server/sign-in/sign-in-page'
import { useSignIn } from '../server/sign-in/use-sign-in'
import { pkgAssets } from './assets'
import { sendPage } from './html-response'
import { getStoryline } from './storyline'

export interface SignInReply {
  readonly status: number
  readonly title: Said
  readonly message: Said
  /** Where "try again" returns to; no link when null. */
  readonly returnTo: string | null
  /** A link of its own in place of "try again". */
  readonly link?: { readonly href: string; readonly label: Said }
}

export async function sendSignInReply(event: H3Event, reply: SignInReply): Promise<string> {
  const [signIn, { site }] = await Promise.all([useSignIn(), useContent()])
  const { returnTo } = reply
  return sendPage(
    event,
    renderSignInPage({
      site,
      story: getStoryline(event, site),
      assets: pkgAssets,
      title: reply.title,
      message: reply.message,
      development: signIn.development,
      link:
        reply.link ??
        (returnTo === null
          ? undefined
          : { href: `/auth/sign-in?return=${encodeURIComponent(returnTo)}`, label: said('sign-in.try-again') }),
    }),
    reply.status,
  )
}

/**
 * A callback in a browser that began no sign-in here: most often one begun at
 * another name for the site, whose cookie this address never sees. Says which
 * address signs in, with the way to start there.
 */
export function sendNoSignInBegun(event: H3Event, callbackUrl: string): Promise<string> {
  const expected = new URL(callbackUrl).origin
  return sendSignInReply(event, {
    status: 400,
    title: said('sign-in.incomplete.title'),
    message: said('sign-in.incomplete.not-begun', { expected }),
    returnTo: '/',
    link: { href: `${expected}/auth/sign-in?return=%2F`, label: said('sign-in.elsewhere.link', { expected }) },
  })
}

/** Sign-in started at an address its callback cannot reach: what to check, and the way to the right one. */
export function sendAddressMismatch(event: H3Event, mismatch: AddressMismatch, returnTo: string): Promise<string> {
  const { used, expected } = mismatch
  log('warn', 'auth', `[svc] [auth] sign-in started at ${used}, but it finishes at ${expected}: check PUBLIC_URL`)
  return sendSignInReply(event, {
    status: 400,
    title: said('sign-in.elsewhere.title'),
    message: said('sign-in.elsewhere.message', { expected, used }),
    returnTo,
    link: {
      href: `${expected}/auth/sign-in?return=${encodeURIComponent(returnTo)}`,
      label: said('sign-in.elsewhere.link', { expected }),
    },
  })
}
