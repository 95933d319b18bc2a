// A certificate authority of the test's own and a certificate it signed for
// 127.0.0.1, made with openssl in a temporary folder: a TLS server the code
// under test must verify, as it would a real one (NODE_EXTRA_CA_CERTS names the CA).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestCa {
  readonly dir: string
  /** Path of the CA certificate, for NODE_EXTRA_CA_CERTS. */
  readonly caFile: string
  readonly key: Buffer
  readonly cert: Buffer
}

export function createTestCa(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'svc-ca-'))
  const at = (name: string) => join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=svc test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
  )
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  )
  writeFileSync(at('ext.cnf'), 'subjectAltName=IP:127.0.0.1\n')
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    'ext.cnf',
    '-out',
    'server.crt',
  )
  return { dir, caFile: at('ca.crt'), key: readFileSync(at('server.key')), cert: readFileSync(at('server.crt')) }
}

/**
 * `<name>.crt` and `<name>.key` in the CA's folder: a certificate for
 * `subject` signed by the CA, with `extension` (an openssl extension line such
 * as `subjectAltName=DNS:localhost` or `extendedKeyUsage=clientAuth`).
 */
export function issueCertificate(ca: TestCa, name: string, subject: string, extension: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: ca.dir, stdio: 'pipe' })
  writeFileSync(join(ca.dir, `${name}.cnf`), `${extension}\n`)
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', subject, '-keyout', `${name}.key`, '-out', `${name}.csr`)
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    `${name}.cnf`,
    '-out',
    `${name}.crt`,
  )
}
