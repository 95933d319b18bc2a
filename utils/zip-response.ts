// Answers with a zip streamed as it is made: the body starts at once and a
// slow reader holds the making back (Readable.from waits for each read), so
// an export of many files never gathers in memory.
import { Readable } from 'node:stream'
import { sendStream, setResponseHeaders, type H3Event } from 'h3'
import { zipStream, type ZipEntry } from '../server/privacy/zip-stream'
import { contentDisposition } from '../server/files/content-disposition'

export function sendZip(event: H3Event, fileName: string, entries: AsyncIterable<ZipEntry>): Promise<void> {
  setResponseHeaders(event, {
    'content-type': 'application/zip',
    'content-disposition': contentDisposition('attachment', fileName),
    // A person's data: never kept by a cache, never sniffed into anything else.
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  })
  return sendStream(event, Readable.from(zipStream(entries)))
}
