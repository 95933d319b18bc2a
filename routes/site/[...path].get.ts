// Content pictures and files under public/, fetched from the content source.
import { defineEventHandler, getRouterParam, setResponseHeader } from 'h3'
import { useContent } from '../../server/app/content'
import { contentTypeOf } from '../../server/content/content-type'
import { said } from '../../server/messages/said'
import { createSaidError } from '../../utils/said-error'

export default defineEventHandler(async (event) => {
  const path = decodedPath(getRouterParam(event, 'path') ?? '')
  const { site, snapshot } = await useContent()
  // Only what the source listed as a regular file under public/; readPublic checks again on disk.
  const bytes = path !== null && site.publicFiles.has(path) ? await snapshot.readPublic(path) : null
  if (path === null || !bytes) throw createSaidError(404, said('error.no-such-file'))
  const type = contentTypeOf(path)
  setResponseHeader(event, 'content-type', type)
  setResponseHeader(event, 'x-content-type-options', 'nosniff')
  setResponseHeader(event, 'cache-control', 'public, max-age=300')
  // An SVG opened directly must not run script from the content repository.
  if (type === 'image/svg+xml')
    setResponseHeader(event, 'content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  return bytes
})

// A malformed escape (`%E0%A4%A`) names no file: a 404, not a thrown URIError.
function decodedPath(raw: string): string | null {
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}
