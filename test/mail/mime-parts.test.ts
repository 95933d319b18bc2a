// Counting a message's MIME parts on its bytes, before any parser sees it.
import { describe, expect, it } from 'vitest'
import { countMimeParts } from '../../server/mail/replies/mime-parts'

const multipart = (boundary: string, parts: number, quoted = true) =>
  Buffer.from(
    `Content-Type: multipart/mixed; boundary=${quoted ? `"${boundary}"` : boundary}\r\n\r\n` +
      Array.from({ length: parts }, (_, i) => `--${boundary}\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join(
        '',
      ) +
      `--${boundary}--\r\n`,
  )

describe('MIME parts counted before parsing', () => {
  it('counts each delimiter line of every declared boundary, nested ones too, and not the closing line', () => {
    expect(countMimeParts(Buffer.from('Subject: hi\r\n\r\nplain text\r\n'))).toBe(1)
    expect(countMimeParts(multipart('b1', 3))).toBe(3)
    expect(countMimeParts(multipart('x.y+z', 1000, false))).toBe(1000)
    const nested = Buffer.concat([multipart('outer', 2), multipart('inner', 4)])
    expect(countMimeParts(nested)).toBe(6)
  })
})
