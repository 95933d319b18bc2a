// `node .output/server/preview-worker.mjs`: one preview, made apart from the
// service under an address-space limit (preview-worker.ts starts it). Reads
// the stored picture on stdin, judges it by its header (preview-budget.ts)
// and writes the WebP preview on stdout. Exit 0 with the preview, OVER_BUDGET
// for a picture over the pixel budget; anything else (a picture sharp cannot
// read, the memory limit hit) ends the process some other way and means "no
// preview" to the service.
import sharp from 'sharp'
import { OVER_BUDGET, PREVIEW_EDGE } from './preview-protocol'
import { previewPixelLimit } from './preview-budget'

// One libvips thread: each thread's stack and allocator arena counts against the address-space limit.
sharp.concurrency(1)
sharp.cache(false)

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const bytes = Buffer.concat(chunks)
const header = await sharp(bytes).metadata()
const limit = previewPixelLimit(header)
// No process.exit: the process ends once stdout is written (test/config keeps exits to the plugins and the mailer).
if (limit === null) {
  const said = { width: header.width, height: header.height, progressive: header.isProgressive }
  process.stderr.write(`${JSON.stringify(said)}\n`)
  process.exitCode = OVER_BUDGET
} else {
  const preview = await sharp(bytes, { failOn: 'error', limitInputPixels: limit })
    .rotate()
    .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer()
  process.stdout.write(preview)
}
