// What a posted form holds once read: text answers and file parts, one value
// per name.

/** A file part as the browser described it; its name and type are claims. */
export interface UploadedFile {
  readonly filename: string
  readonly type: string
  readonly size: number
  readonly bytes: Uint8Array
}

export type FormValue = string | UploadedFile

export type FormBody = ReadonlyMap<string, FormValue>

export function isUploadedFile(value: FormValue | undefined): value is UploadedFile {
  return typeof value === 'object'
}
