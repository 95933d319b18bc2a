// Answers that are pure functions of their key, kept so the work is done once
// per key: a digest of a cookie, a policy decision. The bound only caps
// memory: when full, everything is forgotten at once (dropping the oldest one
// at a time would walk past every deleted slot at the front of the Map on
// each insert).

export interface BoundedMemo<V> {
  get(key: string, make: () => V): V
}

export function createBoundedMemo<V>(maxEntries: number): BoundedMemo<V> {
  const answers = new Map<string, V>()
  return {
    get(key, make) {
      const known = answers.get(key)
      if (known !== undefined) return known
      const made = make()
      if (answers.size >= maxEntries) answers.clear()
      answers.set(key, made)
      return made
    },
  }
}
