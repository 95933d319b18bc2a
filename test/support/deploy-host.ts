// A temporary host for the root script (examples/deploy/svc-deploy, shipped as
// deploy/svc-deploy): its instance list, the roots it installs under, and, in
// place of systemd and Caddy, a restart command that starts the release's own
// server in the background with the instance env, and a reload that is logged.
import { execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { cleanEnv } from './global-setup'
import { ROOT } from './server'

export const SVC_DEPLOY = join(ROOT, 'examples/deploy/svc-deploy')

// Stops the instance's server (and waits until it is gone, as systemctl
// restart does), then starts `current` on the env file's PORT.
const RESTART = `#!/usr/bin/env bash
set -euo pipefail
home="$SVC_ROOT/$1"
sleep "\${SVC_TEST_RESTART_DELAY:-0}"
if [ -f "$home/pid" ]; then
  pid="$(cat "$home/pid")"
  kill "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  rm -f "$home/pid"
fi
release="$(readlink -f "$home/current")"
node="$release/runtime/bin/node"
[ -x "$node" ] || node="$SVC_TEST_NODE"
cd "$home"
(
  while IFS= read -r line; do export "\${line?}"; done <"$home/env"
  exec "$node" "$release/server/index.mjs"
) >>"$home/service.log" 2>&1 </dev/null &
echo $! >"$home/pid"
`

export interface DeployHost {
  readonly dir: string
  /** SVC_ROOT: an instance lives at root/<instance>. */
  readonly root: string
  /** The variables that move the root script onto this host. */
  readonly env: Record<string, string>
  /** Appends `<instance> <port> <domain>...` to the instance list. */
  addInstance(instance: string, port: number, ...domains: string[]): void
  /** Where `current` points, e.g. `releases/v1.0.0`, or undefined. */
  current(instance: string): string | undefined
  /** The release folder the instance's running server was started from. */
  running(instance: string): string | undefined
  stop(): void
}

export function createDeployHost(): DeployHost {
  const dir = mkdtempSync(join(tmpdir(), 'svc-host-'))
  const root = join(dir, 'srv')
  const etc = join(dir, 'etc')
  mkdirSync(etc)
  writeFileSync(join(etc, 'instances'), '# instance port domain...\n')
  writeFileSync(join(dir, 'restart'), RESTART)
  writeFileSync(join(dir, 'reload'), `#!/bin/sh\necho "$1" >>"${dir}/reloads"\n`)
  chmodSync(join(dir, 'restart'), 0o755)
  chmodSync(join(dir, 'reload'), 0o755)
  const pid = (instance: string) => {
    const file = join(root, instance, 'pid')
    return existsSync(file) ? Number(readFileSync(file, 'utf8')) : undefined
  }
  const instances: string[] = []
  return {
    dir,
    root,
    env: {
      SVC_ROOT: root,
      SVC_ETC: etc,
      SVC_RESTART: join(dir, 'restart'),
      SVC_PROXY_RELOAD: join(dir, 'reload'),
      SVC_HEALTH_SECONDS: '30',
      SVC_TEST_NODE: process.execPath,
    },
    addInstance(instance, port, ...domains) {
      instances.push(instance)
      writeFileSync(join(etc, 'instances'), `${instance} ${port} ${domains.join(' ')}\n`, { flag: 'a' })
    },
    current(instance) {
      const link = join(root, instance, 'current')
      return existsSync(link) ? readlinkSync(link) : undefined
    },
    running(instance) {
      const id = pid(instance)
      if (id === undefined || !existsSync(`/proc/${id}`)) return undefined
      const args = readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0')
      return args.find((a) => a.endsWith('/server/index.mjs'))?.replace(/\/server\/index\.mjs$/, '')
    },
    stop() {
      for (const instance of instances) {
        const id = pid(instance)
        if (id !== undefined) {
          try {
            process.kill(id, 'SIGKILL')
          } catch {
            // Already gone.
          }
        }
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Deployed {
  readonly code: number | null
  readonly stderr: string
}

/** Runs the root script as a runner would, `input` on its standard input. `limit` runs first in its shell (e.g. `ulimit -f 1024`). */
export function runDeploy(
  host: DeployHost,
  args: readonly string[],
  input = '',
  extra: Record<string, string | undefined> = {},
  limit = '',
): Promise<Deployed> {
  const child = spawn('bash', ['-c', `${limit}\nexec "$0" "$@"`, SVC_DEPLOY, ...args], {
    env: cleanEnv({ SUDO_USER: undefined, ...host.env, ...extra }),
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  // A refusal may come before the script reads its input.
  child.stdin.on('error', () => undefined)
  child.stdin.end(input)
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })))
}

/**
 * A small release tarball (and its .sha256) whose server/index.mjs is `server`:
 * the root script's checks without a real bundle.
 */
export function fakeRelease(dir: string, tag: string, server: string, files: Record<string, string> = {}): string {
  const build = mkdtempSync(join(dir, 'build-'))
  const top = join(build, `svc-${tag}`)
  mkdirSync(join(top, 'server'), { recursive: true })
  writeFileSync(join(top, 'server/index.mjs'), server)
  writeFileSync(join(top, 'VERSION'), `${tag.slice(1)}\n`)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(top, path, '..'), { recursive: true })
    writeFileSync(join(top, path), text)
  }
  const tarball = join(dir, `svc-${tag}.tar.gz`)
  execFileSync('tar', ['-czf', tarball, '-C', build, `svc-${tag}`])
  writeChecksum(tarball)
  return tarball
}

export function writeChecksum(tarball: string): void {
  const sum = execFileSync('sha256sum', [tarball], { encoding: 'utf8' }).split(' ')[0]
  writeFileSync(`${tarball}.sha256`, `${sum}  ${tarball.split('/').pop()}\n`)
}

/**
 * A server answering every request with `says`, logging each request's URL and
 * headers to DATA_DIR/requests.log; it will not start with SITE_NAME=broken.
 */
export function fakeServer(says: string): string {
  return `import { appendFileSync } from 'node:fs'
import { createServer } from 'node:http'
if (process.env.SITE_NAME === 'broken') process.exit(1)
createServer((req, res) => {
  appendFileSync(process.env.DATA_DIR + '/requests.log', JSON.stringify({ url: req.url, headers: req.headers }) + '\\n')
  res.end(${JSON.stringify(says)})
}).listen(Number(process.env.PORT), process.env.HOST)
`
}

export const BROKEN_SERVER = "console.error('this release cannot start')\nprocess.exit(1)\n"

/**
 * dist/svc-v<version>.tar.gz packed by .ci/pack from the .output this run's
 * global setup built; packed again only when that build is newer.
 */
export function packFromOutput(version: string): Promise<string> {
  const tarball = join(ROOT, `dist/svc-v${version}.tar.gz`)
  if (existsSync(tarball) && statSync(tarball).mtimeMs > statSync(join(ROOT, '.output/server/index.mjs')).mtimeMs) {
    return Promise.resolve(tarball)
  }
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, '.ci/pack'), ['--from-output', version], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('close', (code) => (code === 0 ? resolve(tarball) : reject(new Error(`.ci/pack failed:\n${stderr}`))))
  })
}

export interface RawEntry {
  readonly name: string
  /** '0' a file, '5' a folder, '1' a hard link, '2' a symlink. */
  readonly type: '0' | '1' | '2' | '5'
  readonly body?: string
  readonly link?: string
}

/**
 * A .tar.gz written byte by byte, for entries GNU tar would tidy on the way
 * in (`a/../b`, `/etc/x`): what a hostile tarball can hold.
 */
export function rawTarball(path: string, entries: readonly RawEntry[]): void {
  const blocks: Buffer[] = []
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '')
    const header = Buffer.alloc(512)
    const put = (text: string, at: number) => header.write(text, at, 'latin1')
    put(entry.name, 0)
    put(entry.type === '5' ? '0000755\0' : '0000644\0', 100)
    put('0000000\0', 108)
    put('0000000\0', 116)
    put(`${body.length.toString(8).padStart(11, '0')}\0`, 124)
    put('00000000000\0', 136)
    put('        ', 148)
    put(entry.type, 156)
    put(entry.link ?? '', 157)
    put('ustar\0' + '00', 257)
    const sum = header.reduce((a, b) => a + b, 0)
    put(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512))
  }
  blocks.push(Buffer.alloc(1024))
  writeFileSync(path, gzipSync(Buffer.concat(blocks)))
  writeChecksum(path)
}
