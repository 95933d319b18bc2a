// Readiness: this instance serves content, hears reloads over the bus, and
// its record index can serve: it has caught up with the stream (a large site
// replays for a while at start, and after a reconnect the index is behind
// until it has applied what the stream held then). An index following the
// stream again after a cluster node's loss serves reads seconds old, and is
// ready unless that lasts (server/records/record-feed.ts). /healthz is
// liveness, which needs none of them.
import { defineEventHandler, setResponseHeader, setResponseStatus } from 'h3'
import { useBus } from '../server/app/bus'
import { useContentStore } from '../server/app/content'
import { recordsStatus } from '../server/app/records'

export default defineEventHandler(async (event) => {
  const revision = useContentStore()?.current()?.snapshot.revision ?? null
  // useBus() hands back the same promise each time; racing it against a value
  // tells whether it has settled without waiting for a connect in progress.
  const bus = await Promise.race([useBus(), Promise.resolve(null)])
  const busStatus = bus?.status() ?? 'connecting'
  const records = recordsStatus()
  const missing = [
    ...(revision === null ? ['content'] : []),
    ...(bus?.isConnected() ? [] : ['bus']),
    ...(records === 'catching up' ? ['records'] : []),
  ]
  setResponseHeader(event, 'cache-control', 'no-store')
  if (missing.length === 0) return { ok: true, revision, bus: busStatus, records }
  setResponseStatus(event, 503)
  return { ok: false, revision, bus: busStatus, records, missing }
})
