import { defineNitroPlugin, useStorage } from 'nitropack/runtime'
import { useBus } from '../app/bus'
import { startRecordsStorage } from '../app/records-storage'
import { createBusKvDriver } from '../bus/kv-driver'
import { RECORDS_KV } from '../records/types'

// Record projections live in bus KV; mounted here (not in nitro.config, whose
// drivers run at build time) so useStorage('records') reads them on every
// instance. Mounted as soon as the bus is up; readers await useRecordsStorage().
export default defineNitroPlugin(() => {
  void startRecordsStorage(
    useBus().then((bus) => {
      useStorage().mount('records', createBusKvDriver({ bus, bucket: RECORDS_KV }))
      return useStorage('records')
    }),
  )
})
