// The short plain-text answers where no page fits (a picture or a map tile
// that is not there, the rate limit's refusal): in the site's language, from
// the catalogue like every other word, with the headers such an answer needs.
import { setResponseHeaders, setResponseStatus, type H3Event } from 'h3'
import { useContentStore } from '../server/app/content'
import type { MessageId } from '../server/messages/en'
import { englishMessages, messagesFor } from '../server/messages/messages'

export function sendPlainText(
  event: H3Event,
  status: number,
  id: MessageId,
  values?: Readonly<Record<string, string | number>>,
): string {
  const site = useContentStore()?.current()?.site
  const m = site === undefined ? englishMessages : messagesFor(site, 0)
  setResponseStatus(event, status)
  setResponseHeaders(event, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  return `${m.say(id, values)}\n`
}
