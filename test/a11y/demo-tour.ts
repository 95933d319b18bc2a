// Every screen of the demo site a person can open: the content's pages (the
// record page with a real district), the service's own pages, and every desk
// screen of every desk (for a person not on a desk, its refusal).
import type { SiteModel } from '../../server/content/model'

export interface TourRecords {
  /** A pothole report filed by the anonymous visitor, accepted by a caseworker. */
  readonly pothole: string
  /** A district added by a caseworker. */
  readonly district: string
}

export function demoTour(site: SiteModel, records: TourRecords): string[] {
  const ids: Record<string, string> = { potholes: records.pothole, districts: records.district }
  const pages = site.pages.map((page) => page.path.replace(':id', records.district))
  const desks = [...site.desks.values()].flatMap((desk) => [
    `/desk/${desk.name}`,
    ...desk.buckets.slice(1).map((bucket) => `/desk/${desk.name}?bucket=${bucket}`),
    ...desk.buckets.map((bucket) => `/desk/${desk.name}/${bucket}/${ids[bucket] ?? 'none'}`),
    `/desk/${desk.name}/people`,
  ])
  return [
    ...pages,
    `/my/potholes/${records.pothole}`,
    '/my',
    '/report',
    '/no-such-page',
    '/desk',
    ...desks,
    '/dev/outbox',
    '/auth/sign-out',
  ]
}
