// The service-kept memberships, shared by sign-in, requests and access questions.
import { createMemberships, type Memberships } from '../people/memberships'
import { useBus } from './bus'

let memberships: Promise<Memberships> | null = null

export function useMemberships(): Promise<Memberships> {
  memberships ??= useBus().then(createMemberships)
  return memberships
}
