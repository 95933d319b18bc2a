// A push to the content branch as the git host announces it: the signed
// webhook (POST /hooks/content), and the wait until the site serves what the
// push carried.
import { createHmac, randomUUID } from 'node:crypto'
import { waitFor } from '../bus/wait'

export function sendPush(base: string, secret: string, after = randomUUID().replace(/-/g, '')): Promise<Response> {
  const body = JSON.stringify({ ref: 'refs/heads/main', after })
  return fetch(`${base}/hooks/content`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
  })
}

export async function announcePush(base: string, secret: string): Promise<void> {
  const answer = await sendPush(base, secret)
  if (answer.status !== 202) throw new Error(`the webhook answered ${answer.status}`)
}

/** Until a visitor reads `text` at `path`. */
export async function untilServed(base: string, path: string, text: string): Promise<void> {
  const read = async () => (await fetch(`${base}${path}`, { headers: { cookie: 'svc_story=plain' } })).text()
  await waitFor(async () => (await read()).includes(text), 15_000, `${text} at ${path}`)
}
