// The identity provider's admin side, for PEOPLE_BACKEND=idp: one interface,
// one adapter per protocol (scim-admin.ts). A provider that is down or says
// something unreadable is never taken for "no such person" (SPEC 7 rule 5).

export interface IdpPerson {
  /** The provider's id of the account. */
  readonly id: string
  readonly name?: string
  readonly email?: string
  readonly phone?: string
  /** A link the provider made for the new account's first sign-in, and when it runs out (seconds since the epoch). */
  readonly activation?: { readonly link?: string; readonly expiresAt?: number }
}

export interface NewPerson {
  readonly name: string
  readonly email?: string
  readonly phone?: string
}

export interface IdpAdmin {
  /** The account with this address, else with this phone number; null only when the provider says there is none. */
  find(keys: { readonly email?: string; readonly phone?: string }): Promise<IdpPerson | null>
  create(person: NewPerson): Promise<IdpPerson>
  /** Adds the account to the content's `group` (the provider's `<prefix><group>`, made when missing). */
  addToGroup(id: string, group: string): Promise<void>
  removeFromGroup(id: string, group: string): Promise<void>
  hasMember(id: string, group: string): Promise<boolean>
  /** The accounts in the content's `group`; none when the provider has no such group. */
  members(group: string): Promise<IdpPerson[]>
}

/** A 5xx, a time-out, a dropped connection or a body that cannot be read: try again later, conclude nothing. */
export class IdpUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(`[svc] [people] the identity provider is unavailable: ${message}`, options)
    this.name = 'IdpUnavailableError'
  }
}

/** The provider refused the request itself (4xx): a wrong token, a conflict; trying again will not help. */
export class IdpRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`[svc] [people] the identity provider refused: ${message}`)
    this.name = 'IdpRefusedError'
  }
}
