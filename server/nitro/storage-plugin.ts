import { defineNitroPlugin, useStorage } from 'nitropack/runtime'
import { useBus } from '../app/bus'
import { createBusKvDriver } from '../bus/kv-driver'
import { RECORDS_KV } from '../records/types'

// Record projections live in bus KV; mounted here (not in nitro.config, whose
// drivers run at build time) so useStorage('records') reads them on every
// instance. Mounted as soon as the bus is up; readers await useBus() first.
export default defineNitroPlugin(() => {
  void useBus().then((bus) => useStorage().mount('records', createBusKvDriver({ bus, bucket: RECORDS_KV })))
})
