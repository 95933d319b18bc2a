import type { BusData } from './types'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

// Copies bytes so a caller reusing its buffer cannot change what was sent.
export function toBytes(data: BusData): Uint8Array {
  return data instanceof Uint8Array ? new Uint8Array(data) : encoder.encode(JSON.stringify(data))
}

export function decodeJson<T = unknown>(bytes: Uint8Array): T {
  return JSON.parse(decoder.decode(bytes)) as T
}

export function encodeText(text: string): Uint8Array {
  return encoder.encode(text)
}

export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes)
}

// The NATS client hands out Buffers; both buses return plain Uint8Array
// views of the same memory so callers and tests see one type.
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return bytes.constructor === Uint8Array ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** JSON as stored, or undefined for bytes that are not JSON: for readers that skip what they cannot read. */
export function decodeJsonOrUndefined(bytes: Uint8Array): unknown {
  try {
    return decodeJson(bytes)
  } catch {
    return undefined
  }
}
