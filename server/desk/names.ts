// What a desk URL's parts may look like. Anything else cannot name a desk,
// bucket or record, so it is "not found" before any lookup.

/** Desk, bucket, state and move names (docs/content.md, Names). */
const NAME = /^[a-z][a-z0-9_]{0,63}$/
/** Record ids the service makes: letters, digits, `_` and `-`. */
const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/

export function isName(value: unknown): value is string {
  return typeof value === 'string' && NAME.test(value)
}

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID.test(value)
}

export const deskPath = (desk: string): string => `/desk/${desk}`
export const recordPath = (desk: string, bucket: string, id: string): string => `/desk/${desk}/${bucket}/${id}`
export const exportPath = (desk: string, bucket: string): string => `/desk/${desk}/${bucket}/export.csv`
