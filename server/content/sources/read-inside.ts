// Reads a file of an unpacked content folder only when it is a regular file
// reached through no link at all. A committed symlink (or one swapped in on a
// folder the service reads) must never let a read leave the snapshot.
import { constants } from 'node:fs'
import { open, realpath } from 'node:fs/promises'
import { join, sep } from 'node:path'

/** `base` must be a real path (no links in it). Null for anything but a regular file inside it. */
export async function readInside(base: string, path: string): Promise<Buffer | null> {
  const full = join(base, path)
  if (!full.startsWith(base + sep)) return null
  // With a real base, any link on the way makes the real path differ from the joined one.
  if ((await realpath(full).catch(() => null)) !== full) return null
  // O_NOFOLLOW: a link put in place after the check is not followed.
  // O_NONBLOCK: opening a named pipe does not hang the request.
  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null)
  if (!handle) return null
  try {
    return (await handle.stat()).isFile() ? await handle.readFile() : null
  } finally {
    await handle.close()
  }
}
