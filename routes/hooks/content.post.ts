// The git host's push webhook: a verified push to the content branch asks
// every instance to reload over the bus (svc.content.changed).
import { createError, defineEventHandler, getRequestHeader, setResponseStatus } from 'h3'
import { useConfig } from '../../server/config/use-config'
import { readDeliveryId, reloadForDelivery } from '../../server/content/webhook-deliveries'
import { decidePush } from '../../server/content/webhook-push'
import { readSignature, signatureMatches } from '../../server/content/webhook-signature'
import { readBodyWithin, refuseDeclaredOversize } from '../../utils/read-body-within'
import { log } from '../../server/log'
import { said } from '../../server/messages/said'
import { createSaidError } from '../../utils/said-error'

// A push event is a few kilobytes; a megabyte leaves room for huge commits.
const WEBHOOK_BODY_LIMIT = 1024 * 1024

const { CONTENT_WEBHOOK_SECRET: secret, CONTENT_BRANCH: branch } = useConfig()

export default defineEventHandler(async (event) => {
  // Without a secret nobody can be verified, so the hook does not exist.
  if (!secret) throw createSaidError(404, said('error.not-found'))
  refuseDeclaredOversize(event, WEBHOOK_BODY_LIMIT)
  const signature = readSignature(getRequestHeader(event, 'x-hub-signature-256'))
  if (!signature) throw createError({ statusCode: 401, statusMessage: 'Signature missing' })
  const body = await readBodyWithin(event, WEBHOOK_BODY_LIMIT)
  if (!signatureMatches(secret, body, signature)) throw createError({ statusCode: 401, statusMessage: 'Bad signature' })

  const kind = getRequestHeader(event, 'x-github-event')
  if (kind === 'ping') return { ok: true }
  setResponseStatus(event, 202)
  if (kind !== 'push') return { ok: true, ignored: `event ${kind ?? '(none)'}` }
  // Every git host delivery carries one; a push without it is not one.
  const delivery = readDeliveryId(getRequestHeader(event, 'x-github-delivery'))
  if (!delivery) throw createError({ statusCode: 400, statusMessage: 'Delivery id missing' })
  const push = decidePush(body, branch)
  if (push.kind === 'invalid') throw createError({ statusCode: 400, statusMessage: 'Not a push event' })
  if (push.kind === 'ignore') return { ok: true, ignored: push.why }
  let first: boolean
  try {
    first = await reloadForDelivery(body, delivery, { revision: push.revision, reason: 'push' })
  } catch (error) {
    log('error', 'content', `[svc] [content] cannot ask for a reload: ${(error as Error).message}`, { delivery })
    throw createError({ statusCode: 503, statusMessage: 'Bus unavailable' })
  }
  if (!first) {
    log('warn', 'content', 'webhook delivery already handled, not reloading', { delivery })
    return { ok: true, ignored: 'delivery already handled' }
  }
  return { ok: true, reload: true }
})
