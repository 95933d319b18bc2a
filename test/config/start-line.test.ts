// Issue 28, "say what is on": the one line each unit logs at start, for each
// combination of settings docs/configuration.md names, from the settings
// alone; and the contradictions refused before it, one line each. The real
// starts are in test/metrics/service-metrics.test.ts (production service on
// NATS, the mailer unit) and dev-mailer-on-nats.test.ts.
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config/parse-config'
import { startLine, type Unit } from '../../server/config/start-line'
import { problemsOf } from './problems'

const said = (env: Record<string, string>, unit: Unit = 'service') => startLine(parseConfig(env), unit).fields

const NATS = { BUS_URL: 'nats://127.0.0.1:4222' }
const DEV = { SVC_MODE: 'development' }
const SIGN_IN = {
  IDP_URL: 'https://idp.example.org',
  OAUTH2_CLIENT_ID: 'svc',
  OAUTH2_CLIENT_SECRET: 'client-secret',
  PUBLIC_URL: 'https://site.example.org',
}
const STORE = {
  STORE_S3_ENDPOINT: 'https://s3.example.org',
  STORE_ACCESS_KEY: 'access',
  STORE_SECRET_KEY: 'secret',
  STORE_UPLOADS_BUCKET: 'uploads',
}
const REPLIES = {
  MAIL_REPLY_ADDRESS: 'reply+{token}@example.org',
  MAIL_REPLY_SECRET: 'a reply secret of at least thirty-two characters',
}

describe('the start-up line of the service', () => {
  it('is one info line naming each part, on or off, with the unit', () => {
    const line = startLine(parseConfig({ ...NATS }), 'service')
    expect(line.message).toBe(
      '[svc] [start] service: signIn off, mail mailer unit, replies mailer unit, uploads off, maps off, ' +
        'people memberships, busReplicas 1, metrics off',
    )
    expect(Object.keys(line.fields)).toEqual([
      'unit',
      'signIn',
      'mail',
      'replies',
      'uploads',
      'maps',
      'people',
      'busReplicas',
      'metrics',
    ])
  })

  it('sign-in: on at the provider, the development one, or off naming the setting it lacks', () => {
    expect(said({ ...SIGN_IN }).signIn).toBe('on: the provider at https://idp.example.org')
    expect(said({ ...DEV }).signIn).toBe('on: the embedded development provider')
    expect(said({}).signIn).toBe('off: IDP_URL is not set')
    expect(said({ ...SIGN_IN, PUBLIC_URL: '' }).signIn).toBe('off: PUBLIC_URL is not set')
    expect(said({ ...SIGN_IN, OAUTH2_CLIENT_ID: '' }).signIn).toBe('off: OAUTH2_CLIENT_ID is not set')
    expect(said({ ...SIGN_IN, OAUTH2_CLIENT_SECRET: '' }).signIn).toBe('off: OAUTH2_CLIENT_SECRET is not set')
  })

  it('mail: in this process in development (to the outbox without SMTP_URL, on NATS too), else the mailer unit', () => {
    expect(said({ ...DEV }).mail).toBe(
      'on: the mailer runs in this process, to the outbox in .data/outbox (SMTP_URL is not set)',
    )
    expect(said({ ...DEV, SMTP_URL: 'smtp://user:pw@mail.example.org:587' }).mail).toBe(
      'on: the mailer runs in this process, through smtp://mail.example.org:587',
    )
    expect(said({ ...DEV, ...NATS }).mail).toBe(
      'on: the mailer runs in this process, to the outbox in .data/outbox (SMTP_URL is not set)',
    )
    expect(said({ ...DEV, ...NATS, SMTP_URL: 'smtp://mail.example.org' }).mail).toBe(
      'mailer unit: queued on SVC_MAIL; it waits there until a mailer unit delivers it',
    )
    expect(said({ ...NATS }).mail).toBe(
      'mailer unit: queued on SVC_MAIL; it waits there until a mailer unit delivers it',
    )
    expect(said({}).mail).toBe(
      'off: the embedded bus in production: no mailer unit can read it (set BUS_URL and run the mailer unit)',
    )
  })

  it('never shows a password the SMTP URL carries', () => {
    const line = startLine(parseConfig({ ...DEV, SMTP_URL: 'smtps://site:hunter2@mail.example.org:465' }), 'service')
    expect(JSON.stringify(line)).not.toContain('hunter2')
  })

  it('replies: the mailer unit’s, unless the mailer runs here', () => {
    expect(said({ ...NATS, ...REPLIES }).replies).toBe('mailer unit: MAIL_REPLY_* are the mailer unit’s settings')
    expect(said({ ...DEV }).replies).toBe(
      'on: to reply+{token}@localhost, no inbound SMTP (MAIL_INBOUND_PORT is not set)',
    )
    expect(said({ ...DEV, ...REPLIES, MAIL_INBOUND_PORT: '2525' }).replies).toBe(
      'on: to reply+{token}@example.org, taken on 127.0.0.1:2525',
    )
  })

  it('uploads: S3, the development folder, or off and failing closed', () => {
    expect(said({ ...STORE }).uploads).toBe('on: S3 at https://s3.example.org, bucket uploads')
    expect(said({ ...DEV, DATA_DIR: '/var/lib/svc' }).uploads).toBe('on: the folder /var/lib/svc/store (development)')
    expect(said({}).uploads).toBe('off: STORE_* are not set: file fields fail closed')
  })

  it('maps: on with MAP_TOKEN, naming where tiles come from, and never the token', () => {
    expect(said({}).maps).toBe('off: MAP_TOKEN is not set')
    const line = said({ MAP_TOKEN: 'map-key-123' })
    expect(line.maps).toBe('on: tiles from https://api.maptiler.com')
    expect(JSON.stringify(line)).not.toContain('map-key-123')
  })

  it('people: which backend keeps the groups, and why', () => {
    expect(said({}).people).toBe('memberships: kept by the service (IDP_API_TOKEN is not set)')
    expect(said({ PEOPLE_BACKEND: 'memberships', IDP_API_TOKEN: 't' }).people).toBe(
      'memberships: kept by the service (PEOPLE_BACKEND=memberships)',
    )
    expect(said({ ...SIGN_IN, IDP_API_TOKEN: 't' }).people).toBe(
      'idp: groups kept at the identity provider over SCIM at https://idp.example.org/scim/v2',
    )
  })

  it('bus replicas: 1 on the embedded bus and by default, BUS_REPLICAS on NATS', () => {
    expect(said({}).busReplicas).toBe(1)
    expect(said({ ...NATS }).busReplicas).toBe(1)
    expect(said({ ...NATS, BUS_REPLICAS: '3' }).busReplicas).toBe(3)
    expect(said({ BUS_REPLICAS: '1' }).busReplicas).toBe(1)
    const line = startLine(parseConfig({ ...NATS, BUS_REPLICAS: '3' }), 'service')
    expect(line.message).toContain(', busReplicas 3, ')
  })

  it('metrics: where they are served, or off without METRICS_PORT', () => {
    expect(said({}).metrics).toBe('off: METRICS_PORT is not set')
    expect(said({ METRICS_PORT: '9464' }).metrics).toBe('on: http://127.0.0.1:9464/metrics')
    expect(said({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toBe('on: http://10.0.0.5:9464/metrics')
  })
})

describe('the start-up line of the mailer', () => {
  it('names its mail, replies, bus replicas and metrics', () => {
    const line = startLine(
      parseConfig({ ...NATS, ...REPLIES, SMTP_URL: 'smtp://u:p@mail.example.org', MAIL_FROM: 'site@example.org' }),
      'mailer',
    )
    expect(line.message).toBe('[svc] [start] mailer: mail on, replies on, busReplicas 1, metrics off')
    expect(line.fields).toEqual({
      unit: 'mailer',
      mail: 'on: through smtp://mail.example.org',
      replies: 'on: to reply+{token}@example.org, no inbound SMTP (MAIL_INBOUND_PORT is not set)',
      busReplicas: 1,
      metrics: 'off: MAILER_METRICS_PORT is not set',
    })
    expect(said({ ...NATS, BUS_REPLICAS: '3', MAIL_FROM: 'site@example.org' }, 'mailer').busReplicas).toBe(3)
    expect(said({ ...NATS, MAIL_FROM: 'site@example.org', SMTP_URL: 'smtp://m' }, 'mailer').replies).toBe(
      'off: MAIL_REPLY_ADDRESS and MAIL_REPLY_SECRET are not set',
    )
    expect(said({ ...NATS, MAILER_METRICS_PORT: '9465' }, 'mailer').metrics).toBe('on: http://127.0.0.1:9465/metrics')
  })
})

describe('settings that contradict each other are refused, one line each', () => {
  it('metrics on the public port', () => {
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT: 8080 is PORT too: metrics have a listener of their own, never the public port',
    ])
    expect(problemsOf({ METRICS_PORT: '3000' })).toHaveLength(1)
  })

  it("the mailer's metrics on its health or inbound port", () => {
    expect(problemsOf({ MAILER_PORT: '9100', MAILER_METRICS_PORT: '9100' })).toEqual([
      "MAILER_METRICS_PORT: 9100 is MAILER_PORT too: the mailer's metrics have a listener of their own",
    ])
    expect(problemsOf({ MAIL_INBOUND_PORT: '2525', MAILER_METRICS_PORT: '2525' })).toEqual([
      "MAILER_METRICS_PORT: 2525 is MAIL_INBOUND_PORT too: the mailer's metrics have a listener of their own",
    ])
  })

  it('BUS_REPLICAS above 1 without BUS_URL: the embedded bus keeps one copy', () => {
    expect(problemsOf({ BUS_REPLICAS: '3' })).toEqual([
      'BUS_REPLICAS: 3 copies need a NATS cluster, and BUS_URL is not set (the embedded bus keeps one); set BUS_URL or leave BUS_REPLICAS unset',
    ])
    expect(problemsOf({ ...DEV, BUS_REPLICAS: '2' })).toHaveLength(1)
  })

  it('a bad metrics port is named like any other setting', () => {
    expect(problemsOf({ METRICS_PORT: 'http' })).toEqual([
      'METRICS_PORT: expected a port number from 0 to 65535, got "http"',
    ])
  })
})
