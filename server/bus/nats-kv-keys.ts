// Listing a NATS KV bucket's keys. Not the client's kv.keys(): on nats-server
// 2.9 its last-per-subject consumer hands over, for each key written again
// before its turn, the stream's next message instead (one message fifty
// times over) and counts that as the key's turn, so under steady writes the
// listing ended early (1 to 45 of 50 keys) and repeated keys.
//
// Instead the stream's subject index, one answer taken at one moment, names
// every key holding a message, and the client's get reads each key's last one
// as `get` does (from the leader on a cluster): a value is listed, a delete or
// purge marker is not. A key made after the index was read may be left out.
// Why reads and not a headers-only last-per-subject consumer, cheaper on a
// large bucket (5,000 keys in about 70 ms against 400 to 500 ms of reads, one
// server on two cores): that consumer is the one that goes wrong above, it
// needs a bound so a key expiring meanwhile cannot keep it waiting, and on a
// cluster each one is made through the meta leader. The values read are
// handed over (`entries`), so a caller that wants them reads nothing again.
import type { JetStreamManager } from '@nats-io/jetstream'
import type { KV } from '@nats-io/kv'
import { plainBytes } from './payload'
import type { KvListedEntry } from './types'

// A bucket of thousands of keys must not put thousands of requests before
// the server at once, each waiting out its timeout on its own.
const READS_AT_ONCE = 64

export async function listKvEntries(
  kv: KV,
  jsm: JetStreamManager,
  bucket: string,
  prefix: string,
): Promise<KvListedEntry[]> {
  // The server filters on whole tokens only, so ask for everything under the
  // prefix's complete tokens and compare the unfinished last token here.
  const lastDot = prefix.lastIndexOf('.')
  const filter = lastDot === -1 ? '>' : `${prefix.slice(0, lastDot)}.>`
  const subjectPrefix = `$KV.${bucket}.`
  // Past 100,000 subjects the server answers in pages, which the client asks
  // for and joins; those are taken at different moments, so a key removed
  // between two can shift another out of both.
  const info = await jsm.streams.info(`KV_${bucket}`, { subjects_filter: `${subjectPrefix}${filter}` })
  // The bucket keeps the client's default key codec, which leaves keys as
  // they are: a subject's tail is its key.
  const candidates = Object.keys(info.state.subjects ?? {})
    .map((subject) => subject.slice(subjectPrefix.length))
    .filter((key) => key.startsWith(prefix))
  const read: (KvListedEntry | null)[] = candidates.map(() => null)
  const unread = candidates.entries()
  // Once one read fails the listing has failed: the other readers stop rather than read the rest of the bucket for
  // nobody while the caller, told of the failure, may already be listing again.
  let failed = false
  const reader = async () => {
    for (const [at, key] of unread) {
      if (failed) return
      try {
        const entry = await kv.get(key)
        if (entry?.operation === 'PUT') read[at] = { key, value: plainBytes(entry.value), revision: entry.revision }
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, candidates.length) }, reader))
  return read.filter((entry) => entry !== null)
}
