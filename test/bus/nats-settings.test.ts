// The BUS_* file settings as the units get them from the deploy: a bare name
// is a systemd credential (LoadCredential=), read from CREDENTIALS_DIRECTORY.
import { describe, expect, it } from 'vitest'
import { natsBusOptions } from '../../server/bus/nats-settings'

const BUS_URL = 'tls://nats1.example.org:4222'
const FILES = {
  BUS_NKEY_SEED_FILE: 'bus_nkey-seed',
  BUS_TLS_CA: 'bus_tls-ca.pem',
  BUS_TLS_CERT: 'bus_tls-cert.pem',
  BUS_TLS_KEY: 'bus_tls-key.pem',
}

describe('the bus files a unit is handed as credentials', () => {
  it('reads a bare name from CREDENTIALS_DIRECTORY', () => {
    const options = natsBusOptions({
      BUS_URL,
      ...FILES,
      CREDENTIALS_DIRECTORY: '/run/credentials/svc-mailer@site.service',
    })
    expect(options).toMatchObject({
      nkeySeedFile: '/run/credentials/svc-mailer@site.service/bus_nkey-seed',
      tlsCa: '/run/credentials/svc-mailer@site.service/bus_tls-ca.pem',
      tlsCert: '/run/credentials/svc-mailer@site.service/bus_tls-cert.pem',
      tlsKey: '/run/credentials/svc-mailer@site.service/bus_tls-key.pem',
    })
  })

  it('takes a path as written, and a bare name as a path where systemd handed nothing', () => {
    expect(
      natsBusOptions({ BUS_URL, BUS_NKEY_SEED_FILE: '/etc/svc/nats.nk', CREDENTIALS_DIRECTORY: '/run/credentials/x' })
        .nkeySeedFile,
    ).toBe('/etc/svc/nats.nk')
    expect(natsBusOptions({ BUS_URL, ...FILES })).toMatchObject({
      nkeySeedFile: 'bus_nkey-seed',
      tlsCa: 'bus_tls-ca.pem',
    })
  })
})
