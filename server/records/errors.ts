// Typed refusals of the records layer, so routes can answer each one in its
// own way (404, 409 "reload", 400) instead of parsing messages.
const prefix = '[svc] [records]'

export function recordsError(message: string, cause?: unknown): Error {
  return new Error(`${prefix} ${message}`, cause === undefined ? undefined : { cause })
}

/** The bucket is not in the content being served (it may have been reloaded away). */
export class BucketNotFoundError extends Error {
  override readonly name = 'BucketNotFoundError'

  constructor(readonly bucket: string) {
    super(`${prefix} no bucket named ${bucket} in the content being served`)
  }
}

export class RecordNotFoundError extends Error {
  override readonly name = 'RecordNotFoundError'

  constructor(
    readonly bucket: string,
    readonly id: string,
  ) {
    super(`${prefix} no record ${bucket}/${id}`)
  }
}

/** The edge is not a declared move of that kind from the record's state. */
export class EdgeNotAllowedError extends Error {
  override readonly name = 'EdgeNotAllowedError'

  constructor(
    readonly bucket: string,
    readonly edge: string,
    readonly via: string,
    readonly state: string,
  ) {
    super(`${prefix} ${bucket} has no ${via === 'self' ? 'self' : 'desk'} move ${edge} from ${state}`)
  }
}

/** Someone else moved the record since the caller read it: reload and look again. */
export class RecordChangedError extends Error {
  override readonly name = 'RecordChangedError'

  constructor(
    readonly bucket: string,
    readonly id: string,
    cause?: unknown,
  ) {
    super(`${prefix} this case was just changed, reload (${bucket}/${id})`, cause === undefined ? undefined : { cause })
  }
}

/**
 * A record filed before records had keys: its values are on the stream in plain, and erasing it would mean
 * rewriting the stream (docs/privacy.md), so it is refused rather than done halfway.
 */
export class UnsealedRecordError extends Error {
  override readonly name = 'UnsealedRecordError'

  constructor(
    readonly bucket: string,
    readonly id: string,
  ) {
    super(`${prefix} ${bucket}/${id} was filed before personal data was sealed and cannot be erased`)
  }
}
