import { defineNitroPlugin } from 'nitropack/runtime'
import { setStore } from '../app/store'
import { useConfig } from '../config/use-config'
import { storeSetup } from '../files/store-setup'
import { log } from '../log'

// The object store is chosen once at start; half its settings is refused
// before anything is served, never run as "uploads off".
export default defineNitroPlugin(() => {
  const setup = storeSetup(useConfig())
  if ('refusal' in setup) {
    log('error', 'config', `[svc] [config] cannot start: ${setup.refusal}`)
    process.exit(1)
  }
  setStore(setup.store)
})
