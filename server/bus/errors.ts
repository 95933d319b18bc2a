const prefix = '[svc] [bus]'

export function busError(message: string, cause?: unknown): Error {
  return new Error(`${prefix} ${message}`, cause === undefined ? undefined : { cause })
}

// An optimistic write lost: a stream append whose expected subject sequence
// was stale, or a KV create/update that met another writer's value.
export class BusConflictError extends Error {
  override readonly name = 'BusConflictError'

  constructor(what: string, cause?: unknown) {
    super(`${prefix} conflict: ${what}`, cause === undefined ? undefined : { cause })
  }
}

// The bus could not take a write for longer than a cluster needs to elect a
// new leader: the caller says "try again shortly", keeping what it was given.
export class BusUnavailableError extends Error {
  override readonly name = 'BusUnavailableError'

  constructor(what: string, cause?: unknown) {
    super(`${prefix} unavailable: ${what}`, cause === undefined ? undefined : { cause })
  }
}

/**
 * Whether an error is, or was made from, a BusUnavailableError. h3's createError keeps only the message and the
 * cause of what a handler threw, so the message is what reaches the error handler.
 */
export function isBusUnavailable(error: unknown, depth = 0): boolean {
  if (error instanceof BusUnavailableError) return true
  if (!(error instanceof Error)) return false
  if (error.message.startsWith(`${prefix} unavailable:`)) return true
  return depth < 5 && error.cause !== undefined && isBusUnavailable(error.cause, depth + 1)
}

// BUS_REPLICAS the cluster cannot hold, or a stream it will not raise: a
// setting to change, not trouble that passes, so nothing waits it out.
export class BusReplicasError extends Error {
  override readonly name = 'BusReplicasError'
}

export type NoReplyReason = 'no-responders' | 'timeout'

export class BusNoReplyError extends Error {
  override readonly name = 'BusNoReplyError'

  constructor(
    readonly subject: string,
    readonly reason: NoReplyReason,
    cause?: unknown,
  ) {
    super(`${prefix} no reply on ${subject}: ${reason}`, cause === undefined ? undefined : { cause })
  }
}

export function logBusError(message: string, error: unknown): void {
  console.error(`${prefix} ${message}`, error)
}
