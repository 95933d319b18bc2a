// The policy engine for the content being served; compiled once per content version.
import { createPolicyEngine, type PolicyEngine } from '../policy/engine'
import { useContent } from './content'

export async function usePolicy(): Promise<PolicyEngine> {
  return createPolicyEngine((await useContent()).site)
}
