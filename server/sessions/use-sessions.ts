// The process-wide session store on the process's bus, opened on first use.
import { useBus } from '../app/bus'
import { ELECTION_WINDOW_MS } from '../bus/while-unavailable'
import { cacheSessionKv } from './cached-kv'
import { guardKv, withinTime } from './guarded-kv'
import { createSessionStore, SESSION_BUCKET_MAX_AGE_MS, type SessionStore } from './session-store'

const SESSION_BUCKET = 'svc_sessions'
// A healthy bus answers in milliseconds; a visitor should not wait longer than this.
const BUS_WAIT_MS = 2_000

let store: Promise<SessionStore> | null = null

export function useSessions(): Promise<SessionStore> {
  // A failed opening is forgotten, so the next request tries again.
  store ??= open().catch((error: unknown) => {
    store = null
    throw error
  })
  return store
}

async function open(): Promise<SessionStore> {
  const bus = await withinTime(useBus(), BUS_WAIT_MS, 'connecting to the bus')
  const kv = await withinTime(
    bus.kv(SESSION_BUCKET, { maxAgeMs: SESSION_BUCKET_MAX_AGE_MS }),
    BUS_WAIT_MS,
    'opening the session bucket',
  )
  const guarded = guardKv(kv, () => bus.isConnected(), BUS_WAIT_MS)
  const watched = {
    watch: (onChange: Parameters<typeof kv.watch>[0]) => kv.watch(onChange),
    onReconnect: (handler: () => void) => bus.onReconnect(handler),
    isConnected: () => bus.isConnected(),
  }
  return createSessionStore({
    kv: await withinTime(cacheSessionKv(guarded, watched), BUS_WAIT_MS, 'watching sessions'),
    // Except a new session, made when a person signs in: better to wait out a cluster's election than answer 503.
    createWaitMs: ELECTION_WINDOW_MS,
  })
}
