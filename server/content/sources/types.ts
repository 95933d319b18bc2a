import type { ContentFiles } from '../compile'

/** One fetched state of the content repository. */
export interface ContentSnapshot {
  /** Commit id or content hash, for logs and the health page. */
  readonly revision: string
  readonly files: ContentFiles
  /** A file under public/, or null when there is none. */
  readPublic(path: string): Promise<Uint8Array | null>
}

export interface ContentSource {
  /** What to call the repository in messages; never carries a credential. */
  readonly label: string
  fetch(): Promise<ContentSnapshot>
}

/** Thrown when the content cannot be fetched at all (host down, wrong token, no such branch). */
export class ContentSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`[svc] [content] ${message}`, options)
    this.name = 'ContentSourceError'
  }
}

/** Which files of a repository the service reads as text. */
export function isContentText(path: string): boolean {
  return (
    (/\.ya?ml$/.test(path) && !path.startsWith('public/')) || (path.startsWith('policy/') && path.endsWith('.cedar'))
  )
}

/** Dot folders (.git, .github) and dependencies are never content. */
export function isIgnored(path: string): boolean {
  return path.split('/').some((seg) => seg.startsWith('.') || seg === 'node_modules')
}
