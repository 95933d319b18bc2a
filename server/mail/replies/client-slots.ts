// Connections held open per client address: without a share each, one
// address can take every slot of the server and everyone else is told
// "421 Too many connected clients" for as long as it holds them.

export interface ClientSlots {
  /** False when `address` already holds its share; otherwise the slot is taken until `release`. */
  take(address: string): boolean
  release(address: string): void
}

export function createClientSlots(perAddress: number): ClientSlots {
  const held = new Map<string, number>()
  return {
    take(address) {
      const now = held.get(address) ?? 0
      if (now >= perAddress) return false
      held.set(address, now + 1)
      return true
    },
    release(address) {
      const now = held.get(address) ?? 0
      if (now <= 1) held.delete(address)
      else held.set(address, now - 1)
    },
  }
}
