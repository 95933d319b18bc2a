// The short page the sign-in routes answer with when they cannot go on:
// what happened, and (unless sign-in is off) a link to try again that comes
// back to `returnTo`.
import type { H3Event } from 'h3'
import { useContent } from '../server/app/content'
import { en } from '../server/messages/en'
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
        returnTo === null
          ? undefined
          : { href: `/auth/sign-in?return=${encodeURIComponent(returnTo)}`, label: en['sign-in.try-again'] },
    }),
    reply.status,
  )
}
