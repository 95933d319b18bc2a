// Just enough of a Bus to start a real record index on synthetic events:
// SVC_RECORDS replays `messages` (`count` of them). No network, so loading a
// million records measures the index alone. Anything else the index might
// ask for fails loudly rather than pretend.
import type { Bus, StreamMessage } from '../../server/bus/types'

export function createSyntheticBus(messages: Iterable<StreamMessage>, count: number): Bus {
  const unsupported = (what: string) => () => {
    throw new Error(`[svc] [bench] the synthetic bus has no ${what}`)
  }
  return {
    ensureStream: async () => undefined,
    lastSequence: async () => count,
    async follow(_stream, _filter, _options, onMessage) {
      // Awaited only when the handler hands back a promise, as the index's
      // does not: a microtask per event would be the bench's cost, not the index's.
      for (const message of messages) {
        const handled = onMessage(message)
        if (handled) await handled
      }
      return () => undefined
    },
    append: unsupported('append'),
    lastSubjectSequence: unsupported('lastSubjectSequence'),
    kv: unsupported('key-value store'),
    objects: unsupported('object store'),
    consume: unsupported('consume'),
    workPending: unsupported('workPending'),
    publish: unsupported('publish'),
    subscribe: unsupported('subscribe'),
    request: unsupported('request'),
    respond: unsupported('respond'),
    status: () => 'connected',
    onReconnect: () => () => undefined,
    isConnected: () => true,
    close: async () => undefined,
  }
}
