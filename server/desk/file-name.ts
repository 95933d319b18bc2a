// What a desk shows for a file field. The stored value is an object key the
// server made; its last part is taken as the file's name. The key itself is
// never shown as a link target: files go through /attachment only.

export function fileNameOf(key: string | undefined): string | undefined {
  const trimmed = key?.trim()
  if (!trimmed) return undefined
  const last = trimmed.split('/').filter(Boolean).pop() ?? trimmed
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

export const attachmentPath = (bucket: string, id: string, field: string): string =>
  `/attachment/${bucket}/${encodeURIComponent(id)}/${field}`
