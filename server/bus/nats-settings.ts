// The BUS_* settings as the NATS bus takes them; the service and the mailer read the same ones.
import type { NatsBusOptions } from './nats'

export interface BusSettings {
  readonly BUS_URL?: string
  readonly BUS_REPLICAS?: number
  readonly BUS_NKEY_SEED_FILE?: string
  readonly BUS_TLS_CA?: string
  readonly BUS_TLS_CERT?: string
  readonly BUS_TLS_KEY?: string
}

export function natsBusOptions(settings: BusSettings & { readonly BUS_URL: string }): NatsBusOptions {
  return {
    url: settings.BUS_URL,
    replicas: settings.BUS_REPLICAS,
    nkeySeedFile: settings.BUS_NKEY_SEED_FILE,
    tlsCa: settings.BUS_TLS_CA,
    tlsCert: settings.BUS_TLS_CERT,
    tlsKey: settings.BUS_TLS_KEY,
  }
}
