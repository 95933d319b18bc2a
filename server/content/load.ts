// Fetch and compile in one step: what both the service and the lint do.
import { DEFAULT_CALLING_CODE, isCallingCode } from './calling-code'
import { compileContent, type CompileResult } from './compile'
import type { CompileOptions } from './compile-context'
import type { ContentSnapshot, ContentSource } from './sources/types'

export interface LoadResult extends CompileResult {
  readonly snapshot: ContentSnapshot
}

/** A setting the content is compiled with is wrong: the lint cannot run (the service's config refuses it at start). */
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

export function readCompileOptions(env: { PHONE_COUNTRY?: string }): CompileOptions {
  const country = env.PHONE_COUNTRY?.trim() || DEFAULT_CALLING_CODE
  if (!isCallingCode(country)) {
    throw new ContentSettingError(
      `PHONE_COUNTRY "${country}" is not a calling code; write + and 1 to 4 digits, not starting with 0, e.g. ` +
        `PHONE_COUNTRY=+47`,
    )
  }
  return { phoneCountry: country }
}
