// The retention sweep runs on one instance at a time (issue 29): erasing is
// safe to race (the records layer makes two erasures of a record one), but
// every instance reading every bucket each minute to find the same records
// is work done N times for nothing.
import { createKvLease, type KvLease } from '../bus/kv-lease'
import type { BusKv } from '../bus/types'
import { memoUntilRejected } from '../memo-until-rejected'
import { useBus } from './bus'

export const SWEEP_LEASE_KV = 'svc_sweep_leases'
// A tick missed (a slow sweep, a restart) does not hand the sweep over; two do.
const HOLD_MS = 150_000

const leases = memoUntilRejected((): Promise<BusKv> => useBus().then((bus) => bus.kv(SWEEP_LEASE_KV)))
let lease: KvLease | null = null

export function useRetentionLease(): KvLease {
  lease ??= createKvLease(leases, 'records-retention', HOLD_MS)
  return lease
}
