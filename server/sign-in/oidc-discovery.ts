// The provider's metadata, fetched once and kept; a failed fetch is not
// kept, so a provider that was down at first is found once it is back.
import { allowInsecureRequests, ClientSecretBasic, discovery, type Configuration } from 'openid-client'
import type { Provider } from './sign-in-settings'

// Seconds, for discovery and every later request to the provider.
const PROVIDER_TIMEOUT_S = 10

export function createDiscovery(provider: Provider): () => Promise<Configuration> {
  let cached: Promise<Configuration> | null = null
  return () => {
    cached ??= discover(provider).catch((error: unknown) => {
      cached = null
      throw error
    })
    return cached
  }
}

function discover({ issuer, clientId, clientSecret }: Provider): Promise<Configuration> {
  return discovery(issuer, clientId, undefined, ClientSecretBasic(clientSecret), {
    timeout: PROVIDER_TIMEOUT_S,
    // openid-client refuses plain http outright; an http IDP_URL is the
    // operator's explicit choice (the development provider, a test provider).
    execute: issuer.protocol === 'http:' ? [allowInsecureRequests] : [],
  })
}
