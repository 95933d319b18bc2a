// Settings that are each well-formed but cannot go together, or lean on
// another setting to be read at all.
import { normalizePhone } from '../content/phone'
import type { ConfigProblem } from './config-problem'
import type { Config } from './schema'

export type PeopleBackend = 'idp' | 'memberships'

/** SPEC 1: unset means `idp` when IDP_API_TOKEN is set, `memberships` otherwise. */
export function peopleBackendOf(config: Pick<Config, 'PEOPLE_BACKEND' | 'IDP_API_TOKEN'>): PeopleBackend {
  return config.PEOPLE_BACKEND ?? (config.IDP_API_TOKEN === undefined ? 'memberships' : 'idp')
}

export function problemsBetween(config: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = []
  // The embedded development provider hands the service its own admin token.
  const embedded = config.SVC_MODE === 'development' && config.IDP_URL === undefined
  if (config.PEOPLE_BACKEND === 'idp' && config.IDP_API_TOKEN === undefined && !embedded)
    problems.push({
      variable: 'PEOPLE_BACKEND',
      line:
        'PEOPLE_BACKEND: idp keeps groups at the identity provider, which needs IDP_API_TOKEN (its admin API token); ' +
        'set it, or PEOPLE_BACKEND=memberships',
    })
  else if (peopleBackendOf(config) === 'idp' && !embedded && scimUrlOf(config) === null)
    problems.push({
      variable: 'IDP_SCIM_URL',
      line:
        'IDP_SCIM_URL: groups kept at the identity provider need its SCIM address; ' +
        'set IDP_URL (SCIM at ${IDP_URL}/scim/v2) or IDP_SCIM_URL',
    })
  if (config.SEED_ADMIN_PHONE !== undefined && normalizePhone(config.SEED_ADMIN_PHONE, config.PHONE_COUNTRY) === null)
    problems.push({
      variable: 'SEED_ADMIN_PHONE',
      line: `SEED_ADMIN_PHONE: expected a phone number (a bare one gets PHONE_COUNTRY ${config.PHONE_COUNTRY})`,
    })
  if (config.SEED_ADMIN_EMAIL !== undefined && config.SEED_ADMIN_PHONE !== undefined)
    problems.push({
      variable: 'SEED_ADMIN_PHONE',
      line: 'SEED_ADMIN_PHONE: set SEED_ADMIN_EMAIL or SEED_ADMIN_PHONE, not both: the first person is invited once, by one of them',
    })
  // The embedded bus keeps one copy of everything: more without BUS_URL would promise copies never made.
  if (config.BUS_REPLICAS > 1 && config.BUS_URL === undefined)
    problems.push({
      variable: 'BUS_REPLICAS',
      line:
        `BUS_REPLICAS: ${config.BUS_REPLICAS} copies need a NATS cluster, and BUS_URL is not set ` +
        '(the embedded bus keeps one); set BUS_URL or leave BUS_REPLICAS unset',
    })
  return problems
}

/** Where the provider's SCIM 2.0 API is: IDP_SCIM_URL, else `${IDP_URL}/scim/v2`; null without either. */
export function scimUrlOf(config: Pick<Config, 'IDP_SCIM_URL' | 'IDP_URL'>): string | null {
  if (config.IDP_SCIM_URL !== undefined) return config.IDP_SCIM_URL.replace(/\/+$/, '')
  return config.IDP_URL === undefined ? null : `${config.IDP_URL.replace(/\/+$/, '')}/scim/v2`
}
