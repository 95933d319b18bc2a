// Uploads through the service beside the same bytes put straight into the
// object store, in one run on one s3rver: for 1 MB and 20 MB files, MB/s and
// p99 of one upload at a time (the service: a multipart filing streamed to
// S3; the reference: one @aws-sdk PutObject of the same bytes), then the
// service's peak RSS while ten 20 MB uploads run at once (flat if the body
// streams: ten held in memory would add 200 MB). The bench content is the
// demo with the photo field's limit at 25 MB and no `accept`, so random
// bytes are taken as they are (no preview is made). Loopback only.
// Run: npm run build, then npm run bench -- uploads
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startS3Server } from '../test/support/s3-server'
import { openFilingSession } from './support/home-form'
import { processMemory } from './support/process-memory'
import { requireBuild, startService } from './support/service'
import { quantile, table } from './support/timing'

const SIZES: [label: string, bytes: number, rounds: number][] = [
  ['1 MB', 1024 * 1024, 40],
  ['20 MB', 20 * 1024 * 1024, 8],
]
const PARALLEL = 10

requireBuild()
const content = mkdtempSync(join(tmpdir(), 'svc-bench-uploads-'))
cpSync('examples/demo', content, { recursive: true })
const bucketFile = join(content, 'buckets/potholes.yaml')
writeFileSync(
  bucketFile,
  readFileSync(bucketFile, 'utf8').replace('    accept: [image/*]\n    max_mb: 10\n', '    max_mb: 25\n'),
)
const s3 = await startS3Server()
// UPLOADS_STORE=disk: the development folder store instead, to tell the S3 client's share from the service's.
const onDisk = process.env.UPLOADS_STORE === 'disk'
const service = await startService({
  ...(onDisk ? { SVC_MODE: 'development', DEV_IDP_PORT: '0' } : s3.env),
  CONTENT_REPO: content,
})
const client = new S3Client({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
})

async function viaService(bytes: Buffer): Promise<number> {
  const session = await openFilingSession(service.url, 'potholes')
  if (session === null) throw new Error('[svc] [bench] the home page has no potholes form')
  const body = new FormData()
  for (const [name, value] of session.hidden) body.append(name, value)
  body.append('street', 'Bench Road 1')
  body.append('kind', 'pothole')
  body.append('photo', new Blob([new Uint8Array(bytes)]), 'bench.bin')
  const started = performance.now()
  const answer = await fetch(`${service.url}${session.action}`, {
    method: 'POST',
    body,
    headers: { cookie: session.cookie, origin: service.url },
    redirect: 'manual',
  })
  await answer.arrayBuffer()
  if (answer.status !== 303) throw new Error(`[svc] [bench] an upload was answered ${answer.status}`)
  return performance.now() - started
}

async function direct(bytes: Buffer): Promise<number> {
  const started = performance.now()
  await client.send(
    new PutObjectCommand({ Bucket: s3.bucket, Key: `bench/${randomBytes(8).toString('hex')}`, Body: bytes }),
  )
  return performance.now() - started
}

async function measure(send: (bytes: Buffer) => Promise<number>, bytes: Buffer, rounds: number) {
  await send(bytes)
  const times: number[] = []
  for (let i = 0; i < rounds; i++) times.push(await send(bytes))
  const seconds = times.reduce((sum, t) => sum + t, 0) / 1000
  return { mbPerSecond: (rounds * bytes.length) / (1024 * 1024) / seconds, p99: quantile(times, 0.99) }
}

try {
  const rows: (string | number)[][] = [
    ['file', 'service MB/s', 'direct MB/s', 'service/direct', 'service p99 ms', 'direct p99 ms'],
  ]
  for (const [label, size, rounds] of SIZES) {
    const bytes = randomBytes(size)
    const reference = await measure(direct, bytes, rounds)
    const measured = await measure(viaService, bytes, rounds)
    rows.push([
      label,
      measured.mbPerSecond.toFixed(1),
      reference.mbPerSecond.toFixed(1),
      `${(measured.mbPerSecond / reference.mbPerSecond).toFixed(2)}x`,
      measured.p99.toFixed(0),
      reference.p99.toFixed(0),
    ])
  }
  const before = processMemory(service.pid)
  const twenty = randomBytes(20 * 1024 * 1024)
  await Promise.all(Array.from({ length: PARALLEL }, () => viaService(twenty)))
  const after = processMemory(service.pid)
  const where = onDisk ? 'the development folder store' : 'one s3rver, the built service in production mode'
  console.log(`uploads: ${where}; the direct reference always s3rver; Node ${process.version}`)
  console.log(table(rows))
  console.log(
    `${PARALLEL} parallel 20 MB uploads: RSS ${before.rssMb.toFixed(0)} MB before, peak ${after.peakMb.toFixed(0)} MB ` +
      `(peak before them ${before.peakMb.toFixed(0)} MB; ${PARALLEL * 20} MB of bodies)`,
  )
} finally {
  client.destroy()
  await service.stop()
  await s3.stop()
  rmSync(content, { recursive: true, force: true })
}
process.exit(0)
