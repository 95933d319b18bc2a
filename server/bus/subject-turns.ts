// Guarded appends to one subject, one at a time in this process. A clustered
// (R3) stream on nats-server 2.9 checks an expected subject sequence against
// what it has applied, not what it has already accepted, so two appends
// expecting the same sequence in flight together were both stored (20 of 20
// tries on a three-node cluster). Waiting for the first one's answer makes
// the second meet the real sequence.
export function createSubjectTurns(): <T>(subject: string, run: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>()
  return (subject, run) => {
    const before = tails.get(subject) ?? Promise.resolve()
    const mine = before.then(run, run)
    const tail = mine.catch(() => undefined)
    tails.set(subject, tail)
    void tail.then(() => {
      if (tails.get(subject) === tail) tails.delete(subject)
    })
    return mine
  }
}
