// A temporary host for the root script (examples/deploy/svc-deploy, shipped as
// deploy/svc-deploy), set up by the real deploy/install-host: its instance
// list, the release key it trusts (made by ssh-keygen here), the runner's
// download folder, the folder standing for /etc/systemd/system, and in place
// of systemctl a command that starts `current`'s service or mailer in the
// background with the unit's env file, as the installed template says.
import { execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { basename, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { cleanEnv } from './global-setup'
import { ROOT } from './server'

export const SVC_DEPLOY = join(ROOT, 'examples/deploy/svc-deploy')

// systemctl as the root script and install-host call it. `restart` stops the
// unit's process (and waits until it is gone, as systemd does) and starts
// `current`'s server or mailer on the unit's env file, noting the User= of
// the template it was started from; each call is logged. The template's
// LoadCredential= lines are done as systemd does them: each file of a folder
// (links skipped) copied to <host>/credentials/<unit>/<ID>_<name>, which the
// process gets as CREDENTIALS_DIRECTORY, and a path that is missing fails the
// unit's start.
const SYSTEMCTL = `#!/usr/bin/env bash
set -euo pipefail
echo "$*" >>"$SVC_TEST_HOST/systemctl.log"
stop() {
  local pidfile="$1"
  if [ -f "$pidfile" ]; then
    pid="$(cat "$pidfile")"
    kill "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
    rm -f "$pidfile"
  fi
}
unit() {
  case "$1" in
    svc@*) instance="\${1#svc@}" template=svc@.service env=env program=server/index.mjs pidfile=pid ;;
    svc-mailer@*) instance="\${1#svc-mailer@}" template=svc-mailer@.service env=mailer.env program=mailer/index.mjs pidfile=mailer.pid ;;
    *) echo "systemctl: no unit $1" >&2; exit 5 ;;
  esac
  home="$SVC_ROOT/$instance"
}
command="$1"
shift
case "$command" in
  restart)
    sleep "\${SVC_TEST_RESTART_DELAY:-0}"
    for name in "$@"; do
      unit "$name"
      stop "$home/$pidfile"
      [ -f "$SVC_TEST_HOST/units/$template" ] || { echo "systemctl: $template is not installed" >&2; exit 5; }
      echo "$name $(grep -E '^(User|DynamicUser)=' "$SVC_TEST_HOST/units/$template" | head -n 1)" >>"$SVC_TEST_HOST/started.log"
      credentials="$SVC_TEST_HOST/credentials/$name"
      rm -rf "$credentials"
      mkdir -p -m 0700 "$credentials"
      loaded=
      while IFS= read -r spec; do
        id="\${spec%%:*}" path="\${spec#*:}"
        path="\${path//%i/$instance}"
        path="$SVC_ROOT/\${path#/srv/app/}"
        if [ -d "$path" ] && [ ! -L "$path" ]; then
          for file in "$path"/*; do
            [ ! -f "$file" ] || [ -L "$file" ] || cp "$file" "$credentials/\${id}_\${file##*/}"
          done
        elif [ -f "$path" ]; then
          cp "$path" "$credentials/$id"
        else
          echo "systemctl: $name: LoadCredential=$spec: no such file" >&2
          exit 1
        fi
        loaded=1
      done < <(sed -n 's/^LoadCredential=//p' "$SVC_TEST_HOST/units/$template")
      release="$(readlink -f "$home/current")"
      node="$release/runtime/bin/node"
      [ -x "$node" ] || node="$SVC_TEST_NODE"
      cd "$home"
      (
        while IFS= read -r line; do export "\${line?}"; done <"$home/$env"
        [ -z "$loaded" ] || export CREDENTIALS_DIRECTORY="$credentials"
        exec "$node" "$release/$program"
      ) >>"$home/$env.log" 2>&1 </dev/null &
      echo $! >"$home/$pidfile"
    done
    ;;
  stop) for name in "$@"; do unit "$name"; stop "$home/$pidfile"; done ;;
  reload) echo "$1" >>"$SVC_TEST_HOST/reloads" ;;
  daemon-reload | enable | disable) ;;
  *) echo "systemctl: $command is not simulated" >&2; exit 1 ;;
esac
`

export interface DeployHost {
  readonly dir: string
  /** SVC_ROOT: an instance lives at root/<instance>. */
  readonly root: string
  /** SVC_DOWNLOADS: the runner's download folder. */
  readonly downloads: string
  /** What stands for /etc/systemd/system: only install-host writes there. */
  readonly units: string
  /** The release key's private file (its .pub is in allowed_signers). */
  readonly key: string
  /** The variables that move the root script onto this host. */
  readonly env: Record<string, string>
  /** Appends `<instance> <port> [<mailer port>] <domain>...` to the instance list. */
  addInstance(instance: string, port: number, ...domains: (string | number)[]): void
  /** Copies a tarball into the download folder with the .sig beside it, or signed with this host's key when it has none. */
  download(tarball: string): string
  /** Where `current` points, e.g. `releases/v1.0.0`, or undefined. */
  current(instance: string): string | undefined
  /** The release folder the instance's running service was started from. */
  running(instance: string): string | undefined
  /** The release folder the instance's running mailer was started from. */
  runningMailer(instance: string): string | undefined
  stop(): void
}

/** A new ed25519 key pair without a passphrase: `dir/name` and `dir/name.pub`. */
export function makeKey(dir: string, name: string): string {
  const key = join(dir, name)
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', key])
  return key
}

/** `<file>.sig` as .ci/pack writes it, with `key` in `namespace`. */
export function sign(file: string, key: string, namespace = 'svc-release'): void {
  rmSync(`${file}.sig`, { force: true })
  execFileSync('ssh-keygen', ['-Y', 'sign', '-q', '-n', namespace, '-f', key, file], { stdio: 'pipe' })
}

/** Runs deploy/install-host from a copy of examples/deploy under `dir`. */
export function installHost(
  dir: string,
  env: Record<string, string>,
  args: readonly string[],
): { code: number; stderr: string } {
  const release = join(dir, 'release/deploy')
  if (!existsSync(release)) cpSync(join(ROOT, 'examples/deploy'), release, { recursive: true })
  try {
    execFileSync(join(release, 'install-host'), args, { env: cleanEnv(env), stdio: 'pipe' })
    return { code: 0, stderr: '' }
  } catch (error) {
    const failed = error as { status: number; stderr: Buffer }
    return { code: failed.status, stderr: failed.stderr.toString() }
  }
}

/**
 * The key .ci/pack signs the tarballs of packFromOutput with, made once by
 * ssh-keygen under dist/ (linked into place, so test files packing at once
 * agree on one key).
 */
export function packKey(): string {
  const key = join(ROOT, 'dist/test-release-key')
  if (!existsSync(key)) {
    mkdirSync(join(ROOT, 'dist'), { recursive: true })
    const made = makeKey(mkdtempSync(join(ROOT, 'dist/.key-')), 'test-release-key')
    try {
      linkSync(`${made}.pub`, `${key}.pub`)
      linkSync(made, key)
    } catch {
      // Another test file made it first.
    }
  }
  return key
}

/** A host whose install-host trusted its own key and the keys of `trust` (public key files). */
export function createDeployHost(trust: readonly string[] = [`${packKey()}.pub`]): DeployHost {
  const dir = mkdtempSync(join(tmpdir(), 'svc-host-'))
  const root = join(dir, 'srv')
  const etc = join(dir, 'etc')
  const downloads = join(dir, 'downloads')
  const units = join(dir, 'units')
  writeFileSync(join(dir, 'systemctl'), SYSTEMCTL)
  chmodSync(join(dir, 'systemctl'), 0o755)
  mkdirSync(join(dir, 'keys'), { mode: 0o700 })
  const key = makeKey(join(dir, 'keys'), 'release')
  const env = {
    SVC_ROOT: root,
    SVC_ETC: etc,
    SVC_DOWNLOADS: downloads,
    SVC_SYSTEMCTL: join(dir, 'systemctl'),
    SVC_HEALTH_SECONDS: '30',
    SVC_TEST_NODE: process.execPath,
    SVC_TEST_HOST: dir,
  }
  const admin = { ...env, SVC_UNITS: units, SVC_SBIN: join(dir, 'sbin'), SVC_SUDOERS: join(dir, 'sudoers.d') }
  for (const pub of [`${key}.pub`, ...trust]) {
    const set = installHost(dir, admin, ['--runner', userInfo().username, '--signing-key', pub])
    if (set.code !== 0) throw new Error(`install-host failed:\n${set.stderr}`)
  }
  const pid = (instance: string, file: string) => {
    const path = join(root, instance, file)
    return existsSync(path) ? Number(readFileSync(path, 'utf8')) : undefined
  }
  const runningFrom = (instance: string, file: string, program: string) => {
    const id = pid(instance, file)
    if (id === undefined || !existsSync(`/proc/${id}`)) return undefined
    const args = readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0')
    return args.find((a) => a.endsWith(program))?.slice(0, -program.length)
  }
  const instances: string[] = []
  return {
    dir,
    root,
    downloads,
    units,
    key,
    env,
    addInstance(instance, port, ...rest) {
      instances.push(instance)
      writeFileSync(join(etc, 'instances'), `${instance} ${port} ${rest.join(' ')}\n`, { flag: 'a' })
    },
    download(tarball) {
      const copy = join(downloads, basename(tarball))
      if (copy !== tarball) copyFileSync(tarball, copy)
      if (existsSync(`${tarball}.sig`)) copyFileSync(`${tarball}.sig`, `${copy}.sig`)
      else sign(copy, key)
      return copy
    },
    current(instance) {
      const link = join(root, instance, 'current')
      return existsSync(link) ? readlinkSync(link) : undefined
    },
    running: (instance) => runningFrom(instance, 'pid', '/server/index.mjs'),
    runningMailer: (instance) => runningFrom(instance, 'mailer.pid', '/mailer/index.mjs'),
    stop() {
      for (const instance of instances) {
        for (const file of ['pid', 'mailer.pid']) {
          const id = pid(instance, file)
          if (id === undefined) continue
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
 * A small release tarball whose server/index.mjs is `server` (and
 * mailer/index.mjs `files['mailer/index.mjs']`, when given), written to the
 * host's download folder and signed with its release key: the root script's
 * checks without a real bundle.
 */
export function fakeRelease(host: DeployHost, tag: string, server: string, files: Record<string, string> = {}): string {
  const build = mkdtempSync(join(host.dir, 'build-'))
  const top = join(build, `svc-${tag}`)
  mkdirSync(join(top, 'server'), { recursive: true })
  writeFileSync(join(top, 'server/index.mjs'), server)
  writeFileSync(join(top, 'VERSION'), `${tag.slice(1)}\n`)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(top, path, '..'), { recursive: true })
    writeFileSync(join(top, path), text)
  }
  const tarball = join(host.downloads, `svc-${tag}.tar.gz`)
  execFileSync('tar', ['-czf', tarball, '-C', build, `svc-${tag}`])
  sign(tarball, host.key)
  return tarball
}

/**
 * A server answering every request with `says`, logging each request's URL and
 * headers to DATA_DIR/requests.log; it will not start with CONTENT_BRANCH=broken.
 */
export function fakeServer(says: string): string {
  return `import { appendFileSync } from 'node:fs'
import { createServer } from 'node:http'
if (process.env.CONTENT_BRANCH === 'broken') process.exit(1)
createServer((req, res) => {
  appendFileSync(process.env.DATA_DIR + '/requests.log', JSON.stringify({ url: req.url, headers: req.headers }) + '\\n')
  res.end(${JSON.stringify(says)})
}).listen(Number(process.env.PORT), process.env.HOST)
`
}

/**
 * A mailer answering /healthz on MAILER_PORT with `says`, logging each
 * request to ./mailer-requests.log; it will not start with MAIL_FROM=broken@example.org.
 */
export function fakeMailer(says: string): string {
  return `import { appendFileSync } from 'node:fs'
import { createServer } from 'node:http'
if (process.env.MAIL_FROM === 'broken@example.org') process.exit(1)
createServer((req, res) => {
  appendFileSync('mailer-requests.log', JSON.stringify({ url: req.url, headers: req.headers }) + '\\n')
  res.statusCode = req.url === '/healthz' ? 200 : 404
  res.end(${JSON.stringify(says)})
}).listen(Number(process.env.MAILER_PORT), process.env.HOST)
`
}

export const BROKEN_SERVER = "console.error('this release cannot start')\nprocess.exit(1)\n"

/**
 * dist/svc-v<version>.tar.gz and its .sig, packed and signed by .ci/pack
 * (with packKey()) from the .output this run's global setup built; packed
 * again only when that build is newer.
 */
export function packFromOutput(version: string): Promise<string> {
  const tarball = join(ROOT, `dist/svc-v${version}.tar.gz`)
  const built = statSync(join(ROOT, '.output/server/index.mjs')).mtimeMs
  if (existsSync(`${tarball}.sig`) && statSync(tarball).mtimeMs > built) return Promise.resolve(tarball)
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, '.ci/pack'), ['--from-output', version], {
      cwd: ROOT,
      env: cleanEnv({ SVC_SIGNING_KEY: packKey() }),
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
 * in (`a/../b`, `/etc/x`): what a hostile tarball can hold. Signed with `key`:
 * the signature vouches for the bytes, the root script still checks them.
 */
export function rawTarball(path: string, entries: readonly RawEntry[], key: string): void {
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
  sign(path, key)
}
