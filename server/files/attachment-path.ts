// How the service names a file everywhere it shows one (pages, desks, the
// CSV export, the automation endpoint): its attachment route, never its key.

export function attachmentPath(bucket: string, id: string, field: string, preview = false): string {
  return `/attachment/${bucket}/${encodeURIComponent(id)}/${field}${preview ? '?preview=1' : ''}`
}
