// Fetch and compile in one step: what both the service and the lint do.
import { compileContent, type CompileResult } from './compile'
import type { CompileOptions } from './compile-context'
import type { ContentSnapshot, ContentSource } from './sources/types'

export interface LoadResult extends CompileResult {
  readonly snapshot: ContentSnapshot
}

/** A setting the content is compiled with is wrong: the service cannot start, and the lint cannot run. */
export class ContentSettingError extends Error {
  constructor(message: string) {
    super(`[svc] [content] ${message}`)
    this.name = 'ContentSettingError'
  }
}

export async function loadContent(source: ContentSource, options: CompileOptions): Promise<LoadResult> {
  const snapshot = await source.fetch()
  return { snapshot, ...compileContent(snapshot.files, options) }
}

// No calling code starts with 0, and a wrong one would turn every bare number
// on the site into someone else's, so it stops the service instead.
const CALLING_CODE = /^\+[1-9]\d{0,3}$/

export function readCompileOptions(env: { PHONE_COUNTRY?: string }): CompileOptions {
  const country = env.PHONE_COUNTRY?.trim() || '+47'
  if (!CALLING_CODE.test(country)) {
    throw new ContentSettingError(`PHONE_COUNTRY "${country}" is not a calling code; write + and 1 to 4 digits, not starting with 0, e.g. PHONE_COUNTRY=+47`)
  }
  return { phoneCountry: country }
}
