// A promise made once and shared, unless it fails: a bus that was away when
// a bucket was first opened is asked again by the next caller.
export function memoUntilRejected<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined
      throw error
    }))
}
