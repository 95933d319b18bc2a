// The suggestion form at the edge: the page asked for, and only for a
// signed-in person that page names as responsible; anyone else is answered
// before anything is read or kept.
import type { H3Event } from 'h3'
import type { Page } from '../server/content/model'
import type { DeskRequest } from '../server/desk/desk-request'
import { newSubmissionToken } from '../server/forms/submission-token'
import type { SessionUser } from '../server/sessions'
import { suggestNotFound, suggestSignIn } from '../server/render/suggestions/suggest-messages'
import { renderSuggestPage, type SuggestPageOptions } from '../server/render/suggestions/suggest-page'
import { pageTexts, textsRevision } from '../server/suggestions/page-texts'
import { isResponsibleFor } from '../server/suggestions/responsible-for'
import { textFields } from '../server/suggestions/suggestion-form'
import { pkgAssets } from './assets'
import { getCsrfToken } from './csrf'
import { sendDeskMessage } from './desk-reply'
import { readDeskRequest } from './desk-request'
import { sendPage } from './html-response'

export type SuggestRequest =
  | { readonly sent: string }
  | { readonly sent?: undefined; readonly req: DeskRequest; readonly user: SessionUser; readonly page: Page }

export async function readSuggestRequest(event: H3Event, path: unknown): Promise<SuggestRequest> {
  const req = await readDeskRequest(event)
  if (req.user === null) return { sent: sendDeskMessage(event, req, suggestSignIn(req.viewer)) }
  const page = typeof path === 'string' ? req.site.pages.find((p) => p.path === path) : undefined
  if (page === undefined || !isResponsibleFor(page, req.user))
    return { sent: sendDeskMessage(event, req, suggestNotFound) }
  return { req, user: req.user, page }
}

type Shown = Pick<SuggestPageOptions, 'typed' | 'errors' | 'changed' | 'sent'>

export async function sendSuggestPage(
  event: H3Event,
  { req, page }: Exclude<SuggestRequest, { sent: string }>,
  shown: Shown = {},
  status = 200,
): Promise<string> {
  const { site, story, viewer } = req
  const html = renderSuggestPage({
    site,
    story,
    viewer,
    assets: pkgAssets,
    page,
    fields: textFields(pageTexts(page), site.storylines),
    revision: textsRevision(page),
    csrf: await getCsrfToken(event),
    token: newSubmissionToken(),
    ...shown,
  })
  return sendPage(event, html, status)
}
