// A rendered page kept for every visitor who sees it alike. Two things in it
// are per view: the CSRF token (per visitor) and each form's one-time
// submission token (per view). The page is cut at those inputs and filled in
// when served, which costs a few string joins instead of a render.
import { createHash } from 'node:crypto'
import { newSubmissionToken } from '../forms/submission-token'
import { CSRF_FIELD } from '../forms/service-fields'
import { SUBMISSION_FIELD } from '../forms/service-fields'

export interface PageTemplate {
  /** The bytes between the holes, UTF-8 once: one more than `holes`. */
  readonly parts: readonly Buffer[]
  readonly holes: readonly ('csrf' | 'submission')[]
  /** A digest of the page without its tokens, for ETags. */
  readonly digest: string
  /** Whether a form needs the visitor's CSRF token. */
  readonly needsCsrf: boolean
}

/**
 * Rendered with `csrfMark` as the CSRF token. Content text cannot fake an
 * input: the renderer escapes every quote in it.
 */
export function createPageTemplate(page: string, csrfMark: string): PageTemplate {
  const csrfInput = `name="${CSRF_FIELD}" value="${csrfMark}"`
  const holesAt = new RegExp(`(${csrfInput})|name="${SUBMISSION_FIELD}" value="[A-Za-z0-9_-]{22}"`, 'g')
  const parts: string[] = []
  const holes: ('csrf' | 'submission')[] = []
  let from = 0
  for (const match of page.matchAll(holesAt)) {
    const csrf = match[1] !== undefined
    const field = csrf ? CSRF_FIELD : SUBMISSION_FIELD
    parts.push(`${page.slice(from, match.index)}name="${field}" value="`)
    holes.push(csrf ? 'csrf' : 'submission')
    from = match.index + match[0].length - 1
  }
  parts.push(page.slice(from))
  const digest = createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 22)
  return { parts: parts.map((part) => Buffer.from(part)), holes, digest, needsCsrf: holes.includes('csrf') }
}

/** The page's bytes: the parts copied once around the tokens, which are ASCII. */
export function fillPageTemplate(template: PageTemplate, csrf: string | undefined): Buffer {
  const { parts, holes } = template
  const tokens = holes.map((hole) => (hole === 'csrf' ? (csrf ?? '') : newSubmissionToken()))
  let length = 0
  for (const part of parts) length += part.length
  for (const token of tokens) length += token.length
  const page = Buffer.allocUnsafe(length)
  let at = 0
  for (let i = 0; i < parts.length; i++) {
    at += (parts[i] as Buffer).copy(page, at)
    const token = tokens[i]
    if (token !== undefined) at += page.write(token, at, 'latin1')
  }
  return page
}
