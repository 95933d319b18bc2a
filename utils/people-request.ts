// The People view of a desk at the edge: the desk, the groups this person may
// invite into from it, or the refusal already sent; and the page itself.
import { getQuery, type H3Event } from 'h3'
import type { Desk } from '../server/content/model'
import type { DeskRequest } from '../server/desk/desk-request'
import { isName } from '../server/names'
import { readPeopleQuery } from '../server/people/people-query'
import { usePeopleBackend } from '../server/app/people-backend'
import { IdpUnavailableError } from '../server/people/idp/idp-admin'
import { mayInvite } from '../server/policy/questions'
import { renderPeoplePage, type PeoplePageOptions } from '../server/render/people/people-page'
import { pkgAssets } from './assets'
import { getCsrfToken } from './csrf'
import { sendRefusal } from './desk-reply'
import { pathParam, readDeskRequest } from './desk-request'
import { sendPage } from './html-response'
import { said } from '../server/messages/said'

export type PeopleRequest =
  | { readonly sent: string }
  | { readonly sent?: undefined; readonly req: DeskRequest; readonly desk: Desk; readonly groups: readonly string[] }

export async function readPeopleRequest(event: H3Event): Promise<PeopleRequest> {
  const req = await readDeskRequest(event)
  const name = pathParam(event, 'desk')
  const desk = isName(name) ? req.site.desks.get(name) : undefined
  // A desk that invites nobody has no People view at all.
  if (desk === undefined || desk.invites.length === 0) return { sent: sendRefusal(event, req, 'not-found') }
  if (req.principal === null) return { sent: sendRefusal(event, req, 'sign-in') }
  const caller = { principal: req.principal }
  const groups = [...new Set(desk.invites)].filter((group) => mayInvite(req.policy, caller, desk, group))
  if (groups.length === 0) return { sent: sendRefusal(event, req, 'forbidden') }
  return { req, desk, groups }
}

type Extra = Pick<PeoplePageOptions, 'form' | 'notice'>

export async function sendPeoplePage(
  event: H3Event,
  { req, desk, groups }: Exclude<PeopleRequest, { sent: string }>,
  extra: Extra = {},
  status = 200,
): Promise<string> {
  const query = readPeopleQuery(getQuery(event), groups)
  const listed = (await usePeopleBackend()).list(groups, query).catch((error: unknown) => {
    if (error instanceof IdpUnavailableError) return null
    throw error
  })
  const [found, csrf] = await Promise.all([listed, getCsrfToken(event)])
  const { site, story, viewer } = req
  // The identity provider keeps the groups and is not answering: say so, list nobody, and lose nothing.
  const sections = found ?? []
  if (found === null) {
    extra = { ...extra, notice: { said: said('people.idp-down'), problem: true } }
    status = 503
  }
  const html = renderPeoplePage({
    site,
    story,
    viewer,
    assets: pkgAssets,
    desk,
    groups,
    sections,
    query,
    csrf,
    now: new Date(),
    ...extra,
  })
  return sendPage(event, html, status)
}
