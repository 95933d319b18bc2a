// A submitter's own case page: where mail about a case links when its bucket
// has no record page, and where the submitter reads its timeline.
export const casePath = (bucket: string, id: string): string =>
  `/my/${encodeURIComponent(bucket)}/${encodeURIComponent(id)}`
