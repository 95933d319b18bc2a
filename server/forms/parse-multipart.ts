// A multipart form body, parsed by the runtime's own Fetch implementation so
// no hand-written boundary scanning is needed. The body is already capped by
// the caller, so every file part fits in memory.
import type { FormValue } from './form-body'

/** The parts in body order, or null when the body is malformed. */
export async function parseMultipart(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<Array<[string, FormValue]> | null> {
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
  } catch {
    return null
  }
  // forEach, not for-of: the project's DOM lib has no iterable FormData.
  const entries: Array<[string, FormDataEntryValue]> = []
  form.forEach((value, name) => entries.push([name, value]))
  const parts: Array<[string, FormValue]> = []
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      parts.push([name, value])
      continue
    }
    const data = new Uint8Array(await value.arrayBuffer())
    parts.push([name, { filename: value.name, type: value.type, size: data.byteLength, bytes: data }])
  }
  return parts
}
