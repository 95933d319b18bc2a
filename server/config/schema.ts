// Every environment variable the service reads, with its default and what it
// expects. docs/configuration.md lists the same names; a test keeps the two in step.
import { z } from 'zod'
import { DEFAULT_CALLING_CODE, isCallingCode } from '../content/calling-code'
import { createTrustedProxies, type TrustedProxies } from '../http/client-ip'
import { addressKey } from '../address-match'
import { isName } from '../names'
import { isReplyTemplate } from '../mail/replies/reply-address'
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL, isTileTemplate } from '../maps/tile-url'

/** Variables whose value is never printed, not even when it is refused. */
export const secretSettings = z.registry<{ readonly secret: true }>()

interface SettingOptions {
  /** Keep spaces around the value (a signing key is used as written). */
  readonly keepSpaces?: boolean
}

/**
 * One variable: unset and blank both mean "not set"; a value `read` cannot
 * take (it answers undefined) is refused with what the variable `expects`.
 */
function setting<T>(expects: string, read: (text: string) => T | undefined, options: SettingOptions = {}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      if (raw === undefined || raw.trim() === '') return undefined
      const value = read(options.keepSpaces ? raw : raw.trim())
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: expects })
        return z.NEVER
      }
      return value
    })
}

const text = (options?: SettingOptions) => setting('text', (value) => value, options)
const withDefault = <T>(schema: z.ZodType<T | undefined, string | undefined>, fallback: T) =>
  schema.transform((value) => value ?? fallback)

function secret<S extends z.ZodType>(schema: S): S {
  secretSettings.add(schema, { secret: true })
  return schema
}

const httpUrl = () =>
  setting('an http:// or https:// URL', (value) =>
    /^https?:\/\//i.test(value) && URL.canParse(value) ? value : undefined,
  )
const port = () =>
  setting('a port number from 0 to 65535', (value) =>
    /^\d{1,5}$/.test(value) && Number(value) <= 65535 ? Number(value) : undefined,
  )
// A bearer token is presented as one word, so one with a space could never match.
const token = () =>
  setting('one token without spaces or line breaks', (value) => (/^\S+$/.test(value) ? value : undefined))

function number(expects: string, pattern: RegExp) {
  return setting(expects, (value) =>
    pattern.test(value) && Number.isFinite(Number(value)) ? Number(value) : undefined,
  )
}

// A typo in the proxy list would silently trust the wrong hosts or none.
function proxies(value: string): TrustedProxies | undefined {
  try {
    return createTrustedProxies(value)
  } catch {
    return undefined
  }
}

export const configSchema = z.object({
  // A NATS URL may carry a user's password or a token.
  BUS_URL: secret(text()),
  CONTENT_REPO: text(),
  CONTENT_BRANCH: withDefault(text(), 'main'),
  GIT_API_TOKEN: secret(token()),
  GIT_API_URL: withDefault(httpUrl(), 'https://api.github.com'),
  DATA_DIR: withDefault(text(), '.data'),
  PHONE_COUNTRY: withDefault(
    setting('a calling code, + and 1 to 4 digits not starting with 0 (e.g. +47)', (value) =>
      isCallingCode(value) ? value : undefined,
    ),
    DEFAULT_CALLING_CODE,
  ),
  PUBLIC_URL: httpUrl(),
  MAP_TOKEN: secret(text()),
  MAP_TILE_URL: withDefault(
    setting('an http(s) URL with {z}, {x} and {y} (and {token} where the provider wants the key)', (value) =>
      isTileTemplate(value) ? value : undefined,
    ),
    DEFAULT_TILE_URL,
  ),
  MAP_ATTRIBUTION: withDefault(text(), DEFAULT_ATTRIBUTION),
  STORE_S3_ENDPOINT: httpUrl(),
  STORE_ACCESS_KEY: secret(token()),
  STORE_SECRET_KEY: secret(token()),
  STORE_UPLOADS_BUCKET: setting('an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens', (value) =>
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value) ? value : undefined,
  ),
  STORE_REGION: withDefault(text(), 'us-east-1'),
  SVC_RATE_BURST: withDefault(number('a whole number >= 0 (0 turns the limit off)', /^\d+$/), 100),
  SVC_RATE_PER_SECOND: withDefault(number('a number >= 0 (0 turns the limit off)', /^\d+(\.\d+)?$/), 10),
  RECORDS_SNAPSHOT_SECONDS: withDefault(
    number('a whole number of seconds >= 0 (0: this instance never writes one)', /^\d+$/),
    600,
  ),
  TRUSTED_PROXIES: withDefault(
    setting('IP addresses or CIDRs separated by commas (e.g. 10.0.0.1,10.8.0.0/16)', proxies),
    createTrustedProxies(undefined),
  ),
  IDP_URL: httpUrl(),
  OAUTH2_CLIENT_ID: text(),
  OAUTH2_CLIENT_SECRET: secret(text()),
  OIDC_EXTRA_SCOPES: text(),
  IDP_GROUP_PREFIX: withDefault(text(), ''),
  IDP_API_TOKEN: secret(token()),
  IDP_SCIM_URL: httpUrl(),
  PEOPLE_BACKEND: setting('idp or memberships', (value) =>
    value === 'idp' || value === 'memberships' ? value : undefined,
  ),
  SEED_ADMIN_EMAIL: setting('one address, like admin@example.org', (value) =>
    /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value) ? addressKey(value) : undefined,
  ),
  SEED_ADMIN_PHONE: text(),
  SEED_ADMIN_NAME: text(),
  SEED_GROUP: setting('a group name: lowercase letters, digits and _, starting with a letter', (value) =>
    isName(value) ? value : undefined,
  ),
  RESPONSIBLE_GROUP: setting('a group name: lowercase letters, digits and _, starting with a letter', (value) =>
    isName(value) ? value : undefined,
  ),
  INVITE_TTL_HOURS: withDefault(
    setting('a number of hours above 0 and at most 8760 (decimals allowed, e.g. 0.5)', (value) =>
      /^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= 8760 ? Number(value) : undefined,
    ),
    168,
  ),
  CONTENT_WEBHOOK_SECRET: secret(text({ keepSpaces: true })),
  AUTOMATION_READ_TOKEN: secret(token()),
  // Anything but `development` is production, which never falls back silently.
  SVC_MODE: withDefault(
    setting('development or production', (value): 'development' | 'production' =>
      value === 'development' ? 'development' : 'production',
    ),
    'production',
  ),
  DEV_IDP_PORT: port(),
  SMTP_URL: secret(
    setting('an smtp:// or smtps:// URL (user and password in it when the server asks)', (value) =>
      /^smtps?:\/\//i.test(value) && URL.canParse(value) ? value : undefined,
    ),
  ),
  MAIL_FROM: setting('one address, like site@example.org', (value) =>
    /^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(value) ? value : undefined,
  ),
  SITE_NAME: text(),
  MAILER_PORT: port(),
  MAILER_CONNECTIONS: withDefault(number('a whole number from 1 to 64', /^([1-9]|[1-5]\d|6[0-4])$/), 4),
  MAIL_REPLY_ADDRESS: setting(
    'an address with {token} once in its local part, like reply+{token}@example.org',
    (value) => (isReplyTemplate(value) ? value : undefined),
  ),
  MAIL_REPLY_SECRET: secret(
    setting('at least 32 characters', (value) => (value.length >= 32 ? value : undefined), { keepSpaces: true }),
  ),
  MAIL_REPLY_DAYS: withDefault(
    number('a whole number of days from 1 to 365', /^([1-9]\d?|[12]\d\d|3[0-5]\d|36[0-5])$/),
    90,
  ),
  MAIL_INBOUND_PORT: port(),
  MAIL_INBOUND_HOST: withDefault(text(), '127.0.0.1'),
  MAIL_INBOUND_MAX_KB: withDefault(
    setting('a whole number of kilobytes from 16 to 51200', (value) =>
      /^\d{1,5}$/.test(value) && Number(value) >= 16 && Number(value) <= 51200 ? Number(value) : undefined,
    ),
    2048,
  ),
  // Unset: the measured default in server/files/preview-worker.ts. Lowered only to test a worker that dies.
  PREVIEW_WORKER_MB: setting('a whole number of megabytes from 16 to 65536', (value) =>
    /^\d{1,5}$/.test(value) && Number(value) >= 16 && Number(value) <= 65536 ? Number(value) : undefined,
  ),
  // Nitro's listener reads PORT and HOST itself; they are checked here with the rest.
  PORT: withDefault(port(), 3000),
  HOST: text(),

  // Metrics (docs/operations.md#metrics): each unit's own listener, never the public port.
  METRICS_PORT: port(),
  METRICS_HOST: withDefault(text(), '127.0.0.1'),
  MAILER_METRICS_PORT: port(),

  // NATS in production (docs/operations.md#nats-in-production), for the service and the mailer alike.
  BUS_REPLICAS: withDefault(number('a whole number from 1 to 5', /^[1-5]$/), 1),
  BUS_NKEY_SEED_FILE: text(),
  BUS_TLS_CA: text(),
  BUS_TLS_CERT: text(),
  BUS_TLS_KEY: text(),
  // Set by systemd for a unit given credentials (LoadCredential=): where the deploy's bus files are handed over.
  CREDENTIALS_DIRECTORY: text(),
})

export type Config = Readonly<z.output<typeof configSchema>>

export type SettingName = keyof typeof configSchema.shape

export const SETTING_NAMES = Object.keys(configSchema.shape) as SettingName[]

export function isSecretSetting(name: string): boolean {
  const schema = (configSchema.shape as Record<string, z.ZodType | undefined>)[name]
  return schema !== undefined && secretSettings.has(schema)
}
