// Everything the service keeps, read back as text for a marker scan (issue 29
// item 4): on the embedded bus every file under DATA_DIR, with the base64 its
// JSON lines keep messages and values in decoded and gzip (the index
// snapshot) opened; on NATS every message of every stream, KV buckets and
// object stores included (they are streams), and every object read whole.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { Objm } from '@nats-io/obj'
import { connect } from '@nats-io/transport-node'

/** Every piece of bytes kept, each as text and, when gzip'd, opened too. */
function readable(bytes: Uint8Array): string[] {
  const texts = [Buffer.from(bytes).toString('utf8')]
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      texts.push(gunzipSync(bytes).toString('utf8'))
    } catch {
      // a chunk of a gzip'd object: read whole from its object store
    }
  }
  return texts
}

function fromJsonLine(line: string): string[] {
  let json: unknown
  try {
    json = JSON.parse(line)
  } catch {
    return []
  }
  if (typeof json !== 'object' || json === null) return []
  return Object.values(json).flatMap((value) =>
    typeof value === 'string' && /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? readable(Buffer.from(value, 'base64')) : [],
  )
}

/** Every file below `dir`, as text, with what its JSON lines keep in base64 decoded. */
export function filesBelow(dir: string): { path: string; texts: string[] }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      const bytes = readFileSync(path)
      const lines = path.endsWith('.jsonl') ? bytes.toString('utf8').split('\n').flatMap(fromJsonLine) : []
      return { path, texts: [...readable(bytes), ...lines] }
    })
}

/** Every message of every stream on the server at `url`, and every object whole. */
export async function natsContents(url: string): Promise<{ path: string; texts: string[] }[]> {
  const nc = await connect({ servers: url })
  try {
    const jsm = await jetstreamManager(nc)
    const found: { path: string; texts: string[] }[] = []
    for await (const info of jsm.streams.list()) {
      const { name } = info.config
      for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
        const message = await jsm.streams.getMessage(name, { seq }).catch(() => null)
        if (message === null) continue
        found.push({ path: `${name}#${seq} ${message.subject}`, texts: readable(message.data) })
      }
      if (name.startsWith('OBJ_')) {
        const store = await new Objm(jetstream(nc)).open(name.slice(4))
        for (const entry of await store.list()) {
          const bytes = await store.getBlob(entry.name)
          if (bytes !== null) found.push({ path: `${name}/${entry.name}`, texts: readable(bytes) })
        }
      }
    }
    return found
  } finally {
    await nc.close()
  }
}

/** Where `marker` is found in `contents`. */
export const whereFound = (contents: { path: string; texts: string[] }[], marker: string): string[] =>
  contents.filter(({ texts }) => texts.some((text) => text.includes(marker))).map(({ path }) => path)
