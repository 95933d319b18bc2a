// Everything the service holds about a person, as the zip's entries: a short
// README in the site's language, cases.json, then each case's files streamed
// from the store one at a time. Cases come in as an iterable, so a person
// with hundreds of them is read page by page, never all at once.
import type { Readable } from 'node:stream'
import type { SiteModel } from '../content/model'
import { textAt } from '../content/storyline'
import { messagesFor } from '../messages/messages'
import { caseJson, type ExportCase, type ExportFile } from './case-export'
import type { ZipEntry } from './zip-stream'

export interface PersonExport {
  readonly site: SiteModel
  readonly cases: AsyncIterable<ExportCase> | Iterable<ExportCase>
  readonly story: number
  /** A stored file's bytes; null when the store no longer has it. */
  readonly openFile: (key: string) => Promise<Readable | null>
  readonly now: Date
}

export async function* personExportEntries(input: PersonExport): AsyncGenerator<ZipEntry> {
  const { site, story, now } = input
  const m = messagesFor(site, story)
  const siteName = textAt(site.branding.name, story)
  const cases = []
  const files: ExportFile[] = []
  for await (const one of input.cases) {
    const { json, files: theirs } = caseJson(one, story)
    cases.push(json)
    files.push(...theirs)
  }
  const readme = m.say('export.readme', { site: siteName, count: String(cases.length), time: now.toISOString() })
  yield { name: 'README.txt', modified: now, body: Buffer.from(`${readme}\n`) }
  const exported = { site: siteName, exportedAt: now.toISOString(), cases }
  yield { name: 'cases.json', modified: now, body: Buffer.from(`${JSON.stringify(exported, null, 2)}\n`) }
  for (const { path, file } of files) {
    const body = await input.openFile(file.key)
    // A file the store lost is left out rather than failing the whole export.
    if (body !== null) yield { name: path, modified: now, body }
  }
}
