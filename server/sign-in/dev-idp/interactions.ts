// The development provider's own interaction pages and its SCIM side; every
// other path is oidc-provider's. The pages are real forms, so signing in
// needs no script.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import { log } from '../../log'
import { renderLoginPage } from './login-page'
import type { DevDirectory } from './directory'
import { DEMO_PEOPLE, mailPersonId } from './people'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

const ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/abort)?$/
const MAX_FORM_BYTES = 4096

export function createDevIdpListener(provider: Provider, directory: DevDirectory, scim: Listener): Listener {
  const standard = provider.callback()
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://dev-idp.invalid').pathname
    if (path.startsWith('/scim/v2/')) return scim(req, res)
    const match = ROUTE.exec(path)
    if (match === null) return standard(req, res)
    interact(provider, directory, req, res, match[1] ?? '', match[2] ?? '').catch((error: unknown) => {
      log('warn', 'auth', `[svc] [auth] development sign-in failed: ${(error as Error).message}`)
      if (res.headersSent) return res.end()
      reply(
        res,
        400,
        'text/plain',
        'This sign-in has expired or was already used. Go back to the site and sign in again.',
      )
    })
  }
}

async function interact(
  provider: Provider,
  directory: DevDirectory,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  action: string,
): Promise<void> {
  const details = await provider.interactionDetails(req, res)
  if (details.uid !== uid) throw new Error('the interaction belongs to another sign-in')
  if (action === '' && req.method === 'GET') return reply(res, 200, 'text/html', renderLoginPage(uid, DEMO_PEOPLE))
  if (action === '/abort' && req.method === 'GET') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The sign-in was cancelled' },
      { mergeWithLastSubmission: false },
    )
  }
  if (action === '/login' && req.method === 'POST') {
    const form = new URLSearchParams(await readForm(req))
    const address = form.get('email')
    // An address the SCIM side made an account for signs in as that account.
    const typed = address === null ? undefined : (directory.byEmail(address)?.id ?? mailPersonId(address))
    const person = directory.person(address === null ? (form.get('person') ?? '') : (typed ?? ''))
    if (person === undefined) return reply(res, 400, 'text/plain', 'No such demo person, or not an address.')
    // The service is this provider's only client: nothing to ask consent for.
    const grant = new provider.Grant({ accountId: person.id, clientId: String(details.params.client_id) })
    grant.addOIDCScope(typeof details.params.scope === 'string' ? details.params.scope : 'openid')
    const grantId = await grant.save()
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: person.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }
  reply(res, 405, 'text/plain', 'Method not allowed.')
}

async function readForm(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) {
    body += String(chunk)
    if (body.length > MAX_FORM_BYTES) throw new Error('the form is too large')
  }
  return body
}

function reply(res: ServerResponse, status: number, type: string, body: string): void {
  res.statusCode = status
  res.setHeader('content-type', `${type}; charset=utf-8`)
  res.setHeader('cache-control', 'no-store')
  res.end(body)
}
