// The one line each unit logs at start: what is on and off, and why, read
// from the settings alone (docs/operations.md#what-is-on). A setting that
// contradicts another never gets here: parsing refused it, one line each.
import { isDevelopment } from './mode'
import { mailerInService } from '../mail/mailer-setup'
import type { Config } from './schema'
import { peopleBackendOf, scimUrlOf } from './settings-together'

export type Unit = 'service' | 'mailer'

/** `on: why`, `off: why`, `mailer unit: why` (the service queues, the mailer unit decides), or `<backend>: why`. */
export type Said = string

export interface StartLine {
  readonly message: string
  readonly fields: Readonly<Record<string, Said | number>>
}

const on = (why: string): Said => `on: ${why}`
const off = (why: string): Said => `off: ${why}`
const withMailer = (why: string): Said => `mailer unit: ${why}`

// Never a password: SMTP_URL carries one.
const hostOf = (url: string): string => {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}`
}

export function startLine(config: Config, unit: Unit): StartLine {
  const fields: Record<string, Said | number> =
    unit === 'service'
      ? {
          signIn: signIn(config),
          mail: serviceMail(config),
          replies: mailerInService(config)
            ? replies(config)
            : withMailer('MAIL_REPLY_* are the mailer unit’s settings'),
          uploads: uploads(config),
          maps:
            config.MAP_TOKEN === undefined
              ? off('MAP_TOKEN is not set')
              : on(`tiles from ${hostOf(config.MAP_TILE_URL)}`),
          people: people(config),
          busReplicas: config.BUS_REPLICAS,
          metrics: metrics(config.METRICS_HOST, config.METRICS_PORT, 'METRICS_PORT'),
        }
      : {
          mail: mailerMail(config),
          replies: replies(config),
          busReplicas: config.BUS_REPLICAS,
          metrics: metrics(config.METRICS_HOST, config.MAILER_METRICS_PORT, 'MAILER_METRICS_PORT'),
        }
  const summary = Object.entries(fields)
    .map(([name, said]) => `${name} ${typeof said === 'number' ? said : said.slice(0, said.indexOf(':'))}`)
    .join(', ')
  return { message: `[svc] [start] ${unit}: ${summary}`, fields: { unit, ...fields } }
}

function signIn(config: Config): Said {
  const development = isDevelopment(config)
  if (config.IDP_URL === undefined)
    return development ? on('the embedded development provider') : off('IDP_URL is not set')
  if (config.PUBLIC_URL === undefined && !development) return off('PUBLIC_URL is not set')
  if (config.OAUTH2_CLIENT_ID === undefined) return off('OAUTH2_CLIENT_ID is not set')
  if (config.OAUTH2_CLIENT_SECRET === undefined) return off('OAUTH2_CLIENT_SECRET is not set')
  return on(`the provider at ${config.IDP_URL}`)
}

function serviceMail(config: Config): Said {
  if (mailerInService(config)) return on(`the mailer runs in this process, ${transportOf(config)}`)
  if (config.BUS_URL === undefined)
    return off('the embedded bus in production: no mailer unit can read it (set BUS_URL and run the mailer unit)')
  return withMailer('queued on SVC_MAIL; it waits there until a mailer unit delivers it')
}

function mailerMail(config: Config): Said {
  if (config.MAIL_FROM === undefined && !isDevelopment(config)) return off('MAIL_FROM is not set')
  return on(transportOf(config))
}

function transportOf(config: Config): string {
  return config.SMTP_URL === undefined
    ? `to the outbox in ${config.DATA_DIR}/outbox (SMTP_URL is not set)`
    : `through ${hostOf(config.SMTP_URL)}`
}

function replies(config: Config): Said {
  const development = isDevelopment(config)
  const address = config.MAIL_REPLY_ADDRESS ?? (development ? 'reply+{token}@localhost' : undefined)
  if (address === undefined || (config.MAIL_REPLY_SECRET === undefined && !development))
    return off('MAIL_REPLY_ADDRESS and MAIL_REPLY_SECRET are not set')
  const inbound =
    config.MAIL_INBOUND_PORT === undefined
      ? 'no inbound SMTP (MAIL_INBOUND_PORT is not set)'
      : `taken on ${config.MAIL_INBOUND_HOST}:${config.MAIL_INBOUND_PORT}`
  return on(`to ${address}, ${inbound}`)
}

function uploads(config: Config): Said {
  if (config.STORE_S3_ENDPOINT !== undefined && config.STORE_UPLOADS_BUCKET !== undefined)
    return on(`S3 at ${config.STORE_S3_ENDPOINT}, bucket ${config.STORE_UPLOADS_BUCKET}`)
  if (isDevelopment(config)) return on(`the folder ${config.DATA_DIR}/store (development)`)
  return off('STORE_* are not set: file fields fail closed')
}

// Not on or off: which backend, and why.
function people(config: Config): Said {
  if (peopleBackendOf(config) === 'memberships')
    return config.PEOPLE_BACKEND === 'memberships'
      ? 'memberships: kept by the service (PEOPLE_BACKEND=memberships)'
      : 'memberships: kept by the service (IDP_API_TOKEN is not set)'
  return `idp: groups kept at the identity provider over SCIM at ${scimUrlOf(config) ?? 'its development provider'}`
}

function metrics(host: string, port: number | undefined, name: string): Said {
  return port === undefined ? off(`${name} is not set`) : on(`http://${host}:${port}/metrics`)
}
