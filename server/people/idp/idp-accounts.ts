// An account at the identity provider for a person known by address or
// phone: found, else made. A provider that cannot say (IdpUnavailableError)
// makes nothing, so a retry never leaves two accounts for one person; one
// that refuses the creation because the account appeared meanwhile (409)
// is asked again.
import { IdpRefusedError, type IdpAdmin, type IdpPerson } from './idp-admin'

export interface AccountWanted {
  readonly name: string
  readonly email?: string
  readonly phone?: string
}

export async function ensureIdpAccount(admin: IdpAdmin, person: AccountWanted): Promise<IdpPerson> {
  const keys = {
    ...(person.email === undefined ? {} : { email: person.email }),
    ...(person.phone === undefined ? {} : { phone: person.phone }),
  }
  const found = await admin.find(keys)
  if (found !== null) return found
  try {
    return await admin.create({ name: person.name || person.email || person.phone || '', ...keys })
  } catch (error) {
    if (!(error instanceof IdpRefusedError) || error.status !== 409) throw error
    const again = await admin.find(keys)
    if (again === null) throw error
    return again
  }
}
