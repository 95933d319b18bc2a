// Every address the service makes for its own pages, in one place beside the
// content model the names come from. What the parts may look like is
// server/names.ts's: anything else cannot name a desk, bucket or record.
import type { SiteModel } from './model'

export const deskPath = (desk: string): string => `/desk/${desk}`
export const deskRecordPath = (desk: string, bucket: string, id: string): string => `/desk/${desk}/${bucket}/${id}`
export const exportPath = (desk: string, bucket: string): string => `/desk/${desk}/${bucket}/export.csv`
/** The one staff link to a case: it sends each reader on to the first desk holding the bucket that they may open. */
export const deskCasePath = (bucket: string, id: string): string => `/desk/case/${bucket}/${id}`
export const peoplePath = (desk: string): string => `/desk/${desk}/people`
export const deskSuggestionsPath = (desk: string): string => `/desk/${encodeURIComponent(desk)}/suggestions`

/**
 * A submitter's own case page: where mail to the submitter links (with the
 * case's capability), and where the submitter reads its timeline.
 */
export const casePath = (bucket: string, id: string): string =>
  `/my/${encodeURIComponent(bucket)}/${encodeURIComponent(id)}`

/** Where the submitter erases their own case's personal data (`self_erase: true`): its confirmation and its post. */
export const selfErasePath = (bucket: string, id: string): string =>
  `/self/${encodeURIComponent(bucket)}/${encodeURIComponent(id)}/erase`

/** The path of a record's own page, whoever asks; undefined when its bucket has none. */
export function recordPagePath(site: SiteModel, bucket: string, id: string): string | undefined {
  return site.pages.find((page) => page.record === bucket)?.path.replace(/:id$/, encodeURIComponent(id))
}

/** A file of a record, by its attachment route: never by its key in the store. */
export function attachmentPath(bucket: string, id: string, field: string, preview = false): string {
  return `/attachment/${bucket}/${encodeURIComponent(id)}/${field}${preview ? '?preview=1' : ''}`
}

/**
 * Content files under public/ are served at /site/**. Each segment is
 * percent-encoded so the path is inert in attributes and in CSS url("..."), and
 * dot segments are dropped so a path cannot climb out of /site/.
 */
export function siteFileUrl(file: string): string {
  const segments = file.split('/').filter((s) => s !== '' && s !== '.' && s !== '..')
  return `/site/${segments.map(encodeURIComponent).join('/')}`
}
