// Counts kept on the request path as plain numbers (an increment, nothing
// allocated), read into /metrics only when it is scraped (service-metrics.ts).
export const serviceCounts = {
  pageCacheHits: 0,
  pageCacheMisses: 0,
  rateLimited: 0,
  contentReloadFailures: 0,
}
