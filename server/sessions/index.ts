// Sessions: what one holds, the store over the svc_sessions KV bucket, and
// the process-wide store that fails fast when the bus cannot answer. The rest
// of the service imports from here; the request side (cookie, CSRF) is
// utils/session.ts.
export type { PendingSignIn, Session, SessionUser } from './session'
export { createSessionStore, SESSION_BUCKET_MAX_AGE_MS, SESSION_LIFETIME_MS } from './session-store'
export type { SessionStore } from './session-store'
export { guardKv, SessionsUnavailableError } from './guarded-kv'
export type { SessionKv } from './guarded-kv'
export { useSessions } from './use-sessions'
