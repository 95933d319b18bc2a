// The demo site's compiled model, for tests that compare pages with content.
import { loadContent, readCompileOptions } from '../../server/content/load'
import type { SiteModel } from '../../server/content/model'
import { createLocalSource } from '../../server/content/sources/local'
import type { RecordView } from '../../server/records/types'
import { html } from '../../server/render/html'
import { DEMO } from './server'

export async function loadDemo(dir = DEMO): Promise<SiteModel> {
  const { site, diagnostics } = await loadContent(createLocalSource(dir), readCompileOptions({}))
  if (!site) throw new Error(`demo content has errors: ${JSON.stringify(diagnostics)}`)
  return site
}

/** A text as it appears inside the page's HTML. */
export function escaped(text: string): string {
  return String(html`${text}`)
}

/** A demo pothole case as the index holds it, Ann's address on it; `over` changes what a test is about. */
export function demoPothole(over: Partial<RecordView> = {}): RecordView {
  return {
    id: 'UvdsQaWZLxEt9zkh',
    bucket: 'potholes',
    storyline: 'plain',
    state: 'new',
    fields: { street: 'Mill Lane 4', email: 'ann@example.org' },
    submitter: 'session:x',
    filedAt: '2030-01-01T08:00:00.000Z',
    enteredAt: '2030-01-01T08:00:00.000Z',
    filedSeq: 42,
    seq: 43,
    ...over,
  }
}
