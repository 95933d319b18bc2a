// The demo site's compiled model, for tests that compare pages with content.
import { loadContent, readCompileOptions } from '../../server/content/load'
import type { SiteModel } from '../../server/content/model'
import { createLocalSource } from '../../server/content/sources/local'
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
