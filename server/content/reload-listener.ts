// Every instance listens on svc.content.changed, so one message reloads them all.
import type { Bus, Unsubscribe } from '../bus/types'
import { log } from '../log'
import { CONTENT_CHANGED, readContentChanged } from './bus-messages'
import type { ReloadLoop } from './reload'

export function listenForContentChanges(bus: Bus, loop: ReloadLoop): Promise<Unsubscribe> {
  return bus.subscribe(CONTENT_CHANGED, async ({ data }) => {
    const read = readContentChanged(data)
    if (read.ok) {
      log('debug', 'content', 'reload asked', { ...read.message })
    } else {
      // The message still means "the content changed"; only its details are lost.
      log('warn', 'content', `[svc] [content] unreadable ${CONTENT_CHANGED} payload, reloading anyway: ${read.problem}`)
    }
    await loop.request()
  })
}
