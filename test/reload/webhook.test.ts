// The webhook's pieces and the bus payloads, without a server.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { encodeText } from '../../server/bus/payload'
import { readContentChanged } from '../../server/content/bus-messages'
import { decidePush } from '../../server/content/webhook-push'
import { readSignature, signatureMatches } from '../../server/content/webhook-signature'

const body = encodeText('{"ref":"refs/heads/main","after":"0123456789abcdef"}')
const sign = (secret: string, bytes: Uint8Array) => `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`

describe('webhook signature', () => {
  it('accepts the HMAC-SHA256 of the exact body and nothing else', () => {
    const good = readSignature(sign('s3cret', body))
    expect(good).not.toBeNull()
    expect(signatureMatches('s3cret', body, good!)).toBe(true)
    expect(signatureMatches('other', body, good!)).toBe(false)
    expect(signatureMatches('s3cret', encodeText(`${new TextDecoder().decode(body)} `), good!)).toBe(false)
  })

  it('reads only a well-formed header', () => {
    expect(readSignature(undefined)).toBeNull()
    expect(readSignature('sha1=abc')).toBeNull()
    expect(readSignature(`sha256=${'0'.repeat(63)}`)).toBeNull()
    expect(readSignature(`sha256=${'A'.repeat(64)}`)).not.toBeNull()
  })
})

describe('push decision', () => {
  it('reloads for the content branch only', () => {
    expect(decidePush(body, 'main')).toEqual({ kind: 'reload', revision: '0123456789abcdef' })
    expect(decidePush(body, 'live')).toEqual({ kind: 'ignore', why: 'not live: refs/heads/main' })
    expect(decidePush(encodeText('{"ref":"refs/heads/main","deleted":true}'), 'main')).toMatchObject({ kind: 'ignore' })
    expect(decidePush(encodeText('{"zen":"ping"}'), 'main')).toEqual({ kind: 'invalid' })
    expect(decidePush(encodeText('payload=%7B%7D'), 'main')).toEqual({ kind: 'invalid' })
  })
})

describe('svc.content.changed payload', () => {
  it('is optional, validated, and junk is reported', () => {
    expect(readContentChanged(new Uint8Array())).toEqual({ ok: true, message: {} })
    expect(readContentChanged(encodeText('{"revision":"abc","reason":"ci","extra":1}'))).toEqual({
      ok: true,
      message: { revision: 'abc', reason: 'ci' },
    })
    expect(readContentChanged(encodeText('not json'))).toEqual({ ok: false, problem: 'the payload is not JSON' })
    expect(readContentChanged(encodeText('{"revision":42}'))).toMatchObject({
      ok: false,
      problem: expect.stringContaining('revision'),
    })
  })
})
