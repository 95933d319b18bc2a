// A bus whose reads of the records' KV projections are counted: what a projection check costs shows as a read.
import type { Bus, BusKv } from '../../server/bus/types'
import { RECORDS_KV } from '../../server/records/types'

/**
 * `bus`, counting the reads of the records' KV projections in `bucket` (an index also checks the recent events of
 * other tests' buckets on the same server as it starts).
 */
export function countingReads(bus: Bus): { bus: Bus; reads: (bucket: string) => number } {
  const read: string[] = []
  const counted = (kv: BusKv): BusKv =>
    new Proxy(kv, {
      get: (target, name, receiver) =>
        name === 'get'
          ? (...args: Parameters<BusKv['get']>) => (read.push(args[0]), target.get(...args))
          : (Reflect.get(target, name, receiver) as unknown),
    })
  const wrapped = new Proxy(bus, {
    get: (target, name, receiver) =>
      name === 'kv'
        ? async (...args: Parameters<Bus['kv']>) => {
            const kv = await target.kv(...args)
            return args[0] === RECORDS_KV ? counted(kv) : kv
          }
        : (Reflect.get(target, name, receiver) as unknown),
  })
  return { bus: wrapped, reads: (bucket) => read.filter((key) => key.startsWith(`${bucket}.`)).length }
}
