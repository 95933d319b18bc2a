// Every instance listens on svc.content.changed, so one message reloads them all.
import type { Bus, Unsubscribe } from '../bus/types'
import { log } from '../log'
import { CONTENT_CHANGED, readContentChanged } from './bus-messages'
import type { ReloadLoop } from './reload'

export async function listenForContentChanges(bus: Bus, loop: ReloadLoop): Promise<Unsubscribe> {
  // svc.content.changed is not stored: one sent while this instance was cut
  // off is lost, so coming back counts as a change.
  const stopReconnect = bus.onReconnect(() => {
    log('info', 'content', 'bus reconnected, checking for content changes')
    void loop.request()
  })
  const stopChanges = await bus.subscribe(CONTENT_CHANGED, async ({ data }) => {
    const read = readContentChanged(data)
    if (read.ok) {
      log('debug', 'content', 'reload asked', { ...read.message })
    } else {
      // The message still means "the content changed"; only its details are lost.
      log('warn', 'content', `[svc] [content] unreadable ${CONTENT_CHANGED} payload, reloading anyway: ${read.problem}`)
    }
    await loop.request()
  })
  return () => {
    stopReconnect()
    stopChanges()
  }
}
