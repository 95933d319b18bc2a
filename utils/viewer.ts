// What the header shows about the person looking at a page.
import { getRequestURL, type H3Event } from 'h3'
import type { SiteModel } from '../server/content/model'
import type { PolicyEngine } from '../server/policy/engine'
import { mayOpenPage, openableDesks } from '../server/policy/questions'
import { useSignIn } from '../server/sign-in/use-sign-in'
import type { Viewer } from '../server/render/account'
import { menuPages } from '../server/render/site-pages'
import { textAt } from '../server/content/storyline'
import { getPrincipal } from './caller'
import { getSession } from './session'

/** The header for `site`, asked of `policy`: the same content snapshot and policy as the rest of the page. */
export async function getViewer(event: H3Event, site: SiteModel, story: number, policy: PolicyEngine): Promise<Viewer> {
  const session = await getSession(event)
  const user = session?.user
  if (!session || !user) {
    const signIn = await useSignIn()
    const here = getRequestURL(event)
    return {
      signedIn: false,
      signInHref: signIn.on ? `/auth/sign-in?return=${encodeURIComponent(here.pathname + here.search)}` : null,
    }
  }
  const principal = await getPrincipal(event)
  const desks = openableDesks(site, policy, { principal }).map((desk) => ({
    href: `/desk/${desk.name}`,
    label: textAt(desk.title, story),
  }))
  const groupPages = menuPages(site)
    .filter((page) => page.access !== 'public' && mayOpenPage(policy, { principal }, page))
    .map((page) => page.path)
  const name = user.name ?? user.email ?? user.phone ?? 'you'
  return { signedIn: true, name, csrf: session.csrf, desks, groupPages }
}
