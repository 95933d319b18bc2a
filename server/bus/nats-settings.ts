// The BUS_* settings as the NATS bus takes them; the service and the mailer read the same ones.
import { join } from 'node:path'
import type { NatsBusOptions } from './nats'

export interface BusSettings {
  readonly BUS_URL?: string
  readonly BUS_REPLICAS?: number
  readonly BUS_NKEY_SEED_FILE?: string
  readonly BUS_TLS_CA?: string
  readonly BUS_TLS_CERT?: string
  readonly BUS_TLS_KEY?: string
  readonly CREDENTIALS_DIRECTORY?: string
}

export function natsBusOptions(settings: BusSettings & { readonly BUS_URL: string }): NatsBusOptions {
  return {
    url: settings.BUS_URL,
    replicas: settings.BUS_REPLICAS,
    nkeySeedFile: credentialFile(settings.BUS_NKEY_SEED_FILE, settings.CREDENTIALS_DIRECTORY),
    tlsCa: credentialFile(settings.BUS_TLS_CA, settings.CREDENTIALS_DIRECTORY),
    tlsCert: credentialFile(settings.BUS_TLS_CERT, settings.CREDENTIALS_DIRECTORY),
    tlsKey: credentialFile(settings.BUS_TLS_KEY, settings.CREDENTIALS_DIRECTORY),
  }
}

// A name without a slash is a credential systemd handed the unit: the deploy
// writes the seed and TLS files root-only and the units load them
// (LoadCredential=), so the mailer's dynamic user reads them as well.
function credentialFile(value: string | undefined, credentials: string | undefined): string | undefined {
  if (value === undefined || credentials === undefined || value.includes('/')) return value
  return join(credentials, value)
}
