// The registry these machines reach lacks some platform builds that packages
// list as optional dependencies (rollup's @rollup/rollup-<platform>). `npm
// install` skips them silently, but `npm ci` then calls the lock incomplete.
// This adds each missing one as an optional entry restricted to its own
// platform, so npm ci accepts the lock and never fetches it on another
// platform. Run it after `npm install` changes package-lock.json.
import { readFileSync, writeFileSync } from 'node:fs'

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd']
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32']

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(path, 'utf8'))
let added = 0
for (const [, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`
    if (lock.packages[key]) continue
    const parts = name.split('/').pop().split('-')
    const os = parts.find((p) => OS.includes(p))
    const cpu = parts.find((p) => CPU.includes(p))
    if (!os || !cpu) continue
    const libc = os === 'linux' ? (parts.some((p) => p.startsWith('musl')) ? ['musl'] : ['glibc']) : undefined
    lock.packages[key] = { version, cpu: [cpu], ...(libc ? { libc } : {}), optional: true, os: [os] }
    added++
  }
}
// npm orders entries by path in English collation; keep its order so diffs stay small.
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, 'en')))
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lock: added ${added} platform-only optional entries`)
