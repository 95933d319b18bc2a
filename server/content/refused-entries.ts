// Content is data from outside: a symlink could point a read at the server's
// own files, and a submodule at another repository. Sources never read such
// entries and list them instead, so the lint and the service both fail on them
// rather than serving a site with pieces silently missing.
import type { Diagnostic } from './diagnostics'

export type RefusedKind = 'symlink' | 'submodule' | 'special'

export interface RefusedEntry {
  /** Path relative to the content root, `/`-separated. */
  readonly path: string
  readonly kind: RefusedKind
}

const WHAT: Record<RefusedKind, string> = {
  symlink: 'a symbolic link',
  submodule: 'a submodule',
  special: 'neither a regular file nor a folder',
}

const FIX: Record<RefusedKind, string> = {
  symlink: 'commit the file itself instead',
  submodule: 'commit its files instead',
  special: 'remove it',
}

export function refusedDiagnostics(entries: readonly RefusedEntry[]): Diagnostic[] {
  return entries.map(({ path, kind }) => ({
    file: path,
    line: 1,
    col: 1,
    severity: 'error',
    rule: 'not-a-file',
    message: `this is ${WHAT[kind]}, and the service reads only regular files and folders; ${FIX[kind]}`,
  }))
}

export type EntryKind = 'file' | 'folder' | RefusedKind

/** The kind of a git tree entry from its mode, as `git ls-tree` and the git host's API give it. */
export function kindOfGitMode(mode: string): EntryKind {
  switch (mode) {
    case '100644':
    case '100755':
      return 'file'
    case '040000':
    case '40000':
      return 'folder'
    case '120000':
      return 'symlink'
    case '160000':
      return 'submodule'
    default:
      return 'special'
  }
}
