// Telling a sign-in the provider refused (the visitor tries again) from a
// provider that is down or broken (the visitor waits).
import { AuthorizationResponseError, ClientError, ResponseBodyError } from 'openid-client'

const UNAVAILABLE_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM'])

export function isProviderUnavailable(error: unknown): boolean {
  // fetch's own failure: connection refused or reset, no such host.
  if (error instanceof TypeError && error.message === 'fetch failed') return true
  if (error instanceof ResponseBodyError) return error.status >= 500
  return error instanceof ClientError && error.code !== undefined && UNAVAILABLE_CODES.has(error.code)
}

/**
 * The provider's answer that the person did not sign in: they cancelled at its page, or it turned them down. Only
 * after the answer's state matched this browser's sign-in, which the client checks before reading an error.
 */
export function isDeclined(error: unknown): boolean {
  return error instanceof AuthorizationResponseError && error.error === 'access_denied'
}

/** A short reason for the log: never a token, never the raw response. */
export function describeSignInError(error: unknown): string {
  if (error instanceof AuthorizationResponseError) return `the provider answered ${error.error}`
  if (error instanceof ResponseBodyError) return `${error.status} ${error.error}`
  if (error instanceof ClientError) return `${error.code ?? 'client error'}: ${error.message}`
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}
