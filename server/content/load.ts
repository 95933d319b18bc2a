// Fetch and compile in one step: what both the service and the lint do.
import { compileContent, type CompileResult } from './compile'
import type { CompileOptions } from './compile-context'
import type { ContentSnapshot, ContentSource } from './sources/types'

export interface LoadResult extends CompileResult {
  readonly snapshot: ContentSnapshot
}

export async function loadContent(source: ContentSource, options: CompileOptions): Promise<LoadResult> {
  const snapshot = await source.fetch()
  return { snapshot, ...compileContent(snapshot.files, options) }
}

export function readCompileOptions(env: { PHONE_COUNTRY?: string }): CompileOptions {
  const country = env.PHONE_COUNTRY?.trim() || '+47'
  return { phoneCountry: country.startsWith('+') ? country : `+${country}` }
}
