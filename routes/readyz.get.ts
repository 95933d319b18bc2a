// Readiness: this instance serves content and hears reloads over the bus.
// /healthz is liveness, which needs neither.
import { defineEventHandler, setResponseHeader, setResponseStatus } from 'h3'
import { useBus } from '../server/app/bus'
import { useContentStore } from '../server/app/content'

export default defineEventHandler(async (event) => {
  const revision = useContentStore()?.current()?.snapshot.revision ?? null
  // useBus() hands back the same promise each time; racing it against a value
  // tells whether it has settled without waiting for a connect in progress.
  const bus = await Promise.race([useBus(), null])
  const busStatus = bus?.status() ?? 'connecting'
  const missing = [...(revision === null ? ['content'] : []), ...(bus?.isConnected() ? [] : ['bus'])]
  setResponseHeader(event, 'cache-control', 'no-store')
  if (missing.length === 0) return { ok: true, revision, bus: busStatus }
  setResponseStatus(event, 503)
  return { ok: false, revision, bus: busStatus, missing }
})
