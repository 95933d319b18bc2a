// The short page the sign-in routes answer with when they cannot go on:
// what happened, and (unless sign-in is off) a link to try again that comes
// back to `returnTo`.
import type { H3Event } from 'h3'
import { useContent } from '../server/app/content'
import { log } from '../server/log'
import { en } from '../server/messages/en'
import type { AddressMismatch } from '../server/sign-in/address-mismatch'
import { renderSignInPage } from '../server/sign-in/sign-in-page'
import { useSignIn } from '../server/sign-in/use-sign-in'
import { pkgAssets } from './assets'
import { sendPage } from './html-response'
import { getStoryline } from './storyline'

export interface SignInReply {
  readonly status: number
  readonly title: string
  readonly message: string
  /** Where "try again" returns to; no link when null. */
  readonly returnTo: string | null
  /** A link of its own in place of "try again". */
  readonly link?: { readonly href: string; readonly label: string }
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
          : { href: `/auth/sign-in?return=${encodeURIComponent(returnTo)}`, label: en['sign-in.try-again'] }),
    }),
    reply.status,
  )
}

/** Sign-in started at an address its callback cannot reach: what to check, and the way to the right one. */
export function sendAddressMismatch(event: H3Event, mismatch: AddressMismatch, returnTo: string): Promise<string> {
  const { used, expected } = mismatch
  log('warn', 'auth', `[svc] [auth] sign-in started at ${used}, but it finishes at ${expected}: check PUBLIC_URL`)
  return sendSignInReply(event, {
    status: 400,
    title: "Sign in at the site's own address",
    message:
      `This site signs in at ${expected} (its PUBLIC_URL), but your browser has it open at ${used}, ` +
      `so a sign-in started here cannot finish. Open ${expected} and sign in there. If ${used} is the ` +
      `right address, whoever runs the site should set PUBLIC_URL to it.`,
    returnTo,
    link: { href: `${expected}/auth/sign-in?return=${encodeURIComponent(returnTo)}`, label: `Sign in at ${expected}` },
  })
}
