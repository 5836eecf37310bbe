import { generateKeyPairSync, X509Certificate } from 'node:crypto'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, request, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localCertificate } from '../../../src/node/server/tls/local-certificate.ts'
import { tlsDirectory } from '../../../src/node/server/tls/tls-directory.ts'

const day = 24 * 60 * 60 * 1000

/** A server certificate for `name` signed by `ca`'s key, as the local CA would never make one. */
async function certificateFor(name: string, ca: { cert: string; key: string }): Promise<{ cert: string; key: string }> {
  const { default: forge } = await import('node-forge')
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const keys = {
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    privateKey: pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  }
  const cert = forge.pki.createCertificate()
  cert.serialNumber = '01'
  cert.publicKey = keys.publicKey
  cert.validity.notBefore = new Date(Date.now() - day)
  cert.validity.notAfter = new Date(Date.now() + day)
  cert.setSubject([{ name: 'commonName', value: name }])
  cert.setIssuer(forge.pki.certificateFromPem(ca.cert).subject.attributes)
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 2, value: name }] }])
  cert.sign(forge.pki.privateKeyFromPem(ca.key), forge.md.sha256.create())
  return { cert: forge.pki.certificateToPem(cert), key: keys.privateKey }
}

/** The status of a GET over `server` as `name`, trusting `ca` alone; or the TLS error's message. */
function statusOver(server: Server, name: string, ca: string): Promise<string> {
  const { port } = server.address() as AddressInfo
  return new Promise<string>((resolve) => {
    const call = request({ host: '127.0.0.1', port, servername: name, headers: { host: name }, ca }, (res) => {
      res.resume()
      resolve(String(res.statusCode))
    })
    call.on('error', (error: NodeJS.ErrnoException) => resolve(error.message))
    call.end()
  })
}
const modeOf = (path: string) => statSync(path).mode & 0o777

describe('the local CA and certificate of serve --tls', () => {
  let parent = ''
  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-tls-'))
  })
  afterAll(() => rmSync(parent, { recursive: true, force: true }))

  it('lives in LLM_GATEWAY_MOCK_TLS_DIR, else in the per-user cache folder', () => {
    expect(tlsDirectory({ LLM_GATEWAY_MOCK_TLS_DIR: '/somewhere/tls' })).toBe('/somewhere/tls')
    if (process.platform === 'win32') return
    expect(tlsDirectory({ XDG_CACHE_HOME: '/home/me/.cache-elsewhere' })).toBe('/home/me/.cache-elsewhere/llm-gateway-mock/tls')
    expect(tlsDirectory({})).toMatch(/[\\/]\.cache[\\/]llm-gateway-mock[\\/]tls$/)
  })

  it('is made on first use, owner-only, for localhost, 127.0.0.1 and ::1, signed by a CA that can vouch for nothing else', async () => {
    const directory = join(parent, 'first', 'tls')
    const made = await localCertificate(directory)
    expect(readdirSync(directory).sort()).toEqual(['ca-key.pem', 'ca.pem', 'cert.pem', 'key.pem'])
    if (process.platform !== 'win32') {
      expect(modeOf(directory)).toBe(0o700)
      for (const file of readdirSync(directory)) expect(modeOf(join(directory, file))).toBe(0o600)
    }
    expect(made.caFile).toBe(join(directory, 'ca.pem'))
    expect(readFileSync(made.caFile, 'utf8')).toBe(made.ca)
    const ca = new X509Certificate(made.ca)
    const leaf = new X509Certificate(made.cert)
    expect(ca.ca).toBe(true)
    expect(leaf.ca).toBe(false)
    expect(leaf.checkIssued(ca) && leaf.verify(ca.publicKey)).toBe(true)
    expect(leaf.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1')
    // Even a certificate its key signs for another name is refused by a client that trusts the CA.
    const foreign = await certificateFor('example.com', { cert: made.ca, key: readFileSync(join(directory, 'ca-key.pem'), 'utf8') })
    const server = createServer(foreign, (_, res) => res.end('ok'))
    const local = createServer({ cert: made.cert, key: made.key }, (_, res) => res.end('ok'))
    await Promise.all([server, local].map((one) => new Promise<void>((resolve) => one.listen(0, '127.0.0.1', resolve))))
    try {
      expect(await statusOver(local, 'localhost', made.ca)).toBe('200')
      expect(await statusOver(server, 'example.com', made.ca)).toBe('permitted subtree violation')
    } finally {
      server.close()
      local.close()
    }
  })

  it('is reused while valid, and its certificate made anew within 30 days of expiry, under the same CA', async () => {
    const directory = join(parent, 'reuse')
    const first = await localCertificate(directory)
    const again = await localCertificate(directory)
    expect(again).toEqual(first)
    const expiry = new Date(new X509Certificate(first.cert).validTo).getTime()
    const renewed = await localCertificate(directory, new Date(expiry - 20 * day))
    expect(renewed.cert).not.toBe(first.cert)
    expect(renewed.ca).toBe(first.ca)
    expect(readFileSync(join(directory, 'cert.pem'), 'utf8')).toBe(renewed.cert)
    expect(new Date(new X509Certificate(renewed.cert).validTo).getTime()).toBeGreaterThan(expiry)
  })

  it('is made anew, CA and all, when a key file was readable by others, and the folder made owner-only again', async () => {
    if (process.platform === 'win32') return
    const directory = join(parent, 'loose')
    const first = await localCertificate(directory)
    chmodSync(join(directory, 'ca-key.pem'), 0o644)
    chmodSync(directory, 0o755)
    const next = await localCertificate(directory)
    expect(next.ca).not.toBe(first.ca)
    expect(modeOf(directory)).toBe(0o700)
    expect(modeOf(join(directory, 'ca-key.pem'))).toBe(0o600)
  })

  it('is made once by processes that start together', async () => {
    const directory = join(parent, 'together')
    const all = await Promise.all([localCertificate(directory), localCertificate(directory), localCertificate(directory)])
    expect(new Set(all.map((made) => made.cert)).size).toBe(1)
    expect(readFileSync(join(directory, 'cert.pem'), 'utf8')).toBe(all[0]!.cert)
    expect(readdirSync(directory)).not.toContain('.lock')
  })
})
