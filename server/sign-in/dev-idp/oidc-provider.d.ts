// oidc-provider 9 ships no types (and @types/oidc-provider describes 8): the
// part this service and its tests use, and nothing more.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface Interaction {
    readonly uid: string
    readonly prompt: { readonly name: string }
    readonly params: Readonly<Record<string, unknown>>
  }

  export interface Account {
    readonly accountId: string
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>
  }

  export interface ClientMetadata {
    readonly client_id: string
    readonly client_secret: string
    readonly redirect_uris: readonly string[]
    readonly response_types?: readonly string[]
    readonly grant_types?: readonly string[]
  }

  export interface PolicyContext {
    readonly oidc: { readonly result?: InteractionResult }
  }

  export namespace interactionPolicy {
    class Check {
      constructor(reason: string, description: string, error: string, check: (ctx: PolicyContext) => boolean)
    }
    interface Prompt {
      readonly name: string
      readonly checks: { add(check: Check): void }
    }
    interface Policy {
      get(name: string): Prompt | undefined
    }
    function base(): Policy
  }

  export interface Configuration {
    readonly clients: readonly ClientMetadata[]
    readonly jwks: { readonly keys: readonly object[] }
    readonly cookies: { readonly keys: readonly string[] }
    readonly scopes: readonly string[]
    readonly claims: Readonly<Record<string, readonly string[]>>
    readonly features?: { readonly devInteractions?: { readonly enabled: boolean } }
    readonly interactions?: { url(ctx: unknown, interaction: Interaction): string; policy?: interactionPolicy.Policy }
    readonly ttl?: Readonly<Record<string, number>>
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>
  }

  export interface InteractionResult {
    readonly login?: { readonly accountId: string }
    readonly consent?: { readonly grantId: string }
    readonly error?: string
    readonly error_description?: string
  }

  export class Grant {
    constructor(init: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    readonly Grant: typeof Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
