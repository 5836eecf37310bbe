import { generateKeyPair, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import type * as Forge from 'node-forge'

/** A certificate and its private key, both PEM. */
export interface PemPair {
  cert: string
  key: string
}

/** The names the local certificate is for: what a client on this machine dials. */
export const localNames = { dns: ['localhost'], ip: ['127.0.0.1', '::1'] } as const

const day = 24 * 60 * 60 * 1000
/** How long a made certificate lasts: the CA ten years, so the trust a user set up stays; the server's a year. */
export const caLifetimeMs = 3650 * day
export const leafLifetimeMs = 365 * day

// node-forge makes X.509 certificates, which Node's crypto reads but cannot write; it is loaded
// only when a certificate is made (first `--tls`, or one near expiry), never on a plain start.
let forgeModule: Promise<typeof Forge> | undefined
const forge = () => (forgeModule ??= import('node-forge').then((module) => (module as { default?: typeof Forge }).default ?? module))

/** An RSA key, by Node's crypto (node-forge's own key generation is pure JavaScript and slow). */
async function rsaKey(): Promise<{ publicPem: string; privatePem: string }> {
  // Promisified here, not when the module loads: reading `generateKeyPair` loads node:crypto, which
  // a plain start never needs.
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  })
  return { publicPem: publicKey, privatePem: privateKey }
}

/** A positive serial number of 16 random bytes, as hex. */
function serialNumber(): string {
  const bytes = randomBytes(16)
  bytes[0] = bytes[0]! & 0x7f
  return bytes.toString('hex')
}

function validity(cert: Forge.pki.Certificate, now: Date, lifetimeMs: number): void {
  // An hour back: a client whose clock runs a little behind still takes it.
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000)
  cert.validity.notAfter = new Date(now.getTime() + lifetimeMs)
}

/**
 * The CA's name constraints (RFC 5280 4.2.1.10): it can vouch for localhost, 127.0.0.1 and ::1
 * only, so trusting it (NODE_EXTRA_CA_CERTS) trusts nothing else, even should its key get out.
 */
function localOnlyConstraints(f: typeof Forge): Forge.asn1.Asn1 {
  const { asn1 } = f
  const subtree = (tag: number, bytes: string) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, false, bytes)])
  const dnsName = 2
  const ipAddress = 7
  const fullMask = (length: number) => '\xff'.repeat(length)
  // 127.0.0.1 and ::1 as forge's byte strings, each with a mask that takes that address alone.
  const ipv4 = '\x7f\x00\x00\x01'
  const ipv6 = `${'\x00'.repeat(15)}\x01`
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      ...localNames.dns.map((name) => subtree(dnsName, name)),
      subtree(ipAddress, ipv4 + fullMask(ipv4.length)),
      subtree(ipAddress, ipv6 + fullMask(ipv6.length)),
    ]),
  ])
}

/** A CA of this user's own, to sign the local server certificate with. */
export async function makeLocalCa(now = new Date()): Promise<PemPair> {
  const [f, keys] = await Promise.all([forge(), rsaKey()])
  const cert = f.pki.createCertificate()
  cert.serialNumber = serialNumber()
  cert.publicKey = f.pki.publicKeyFromPem(keys.publicPem)
  validity(cert, now, caLifetimeMs)
  const name = [
    { name: 'commonName', value: 'llm-gateway-mock local CA' },
    { name: 'organizationName', value: 'llm-gateway-mock (made on this machine)' },
  ]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    { id: '2.5.29.30', critical: true, value: localOnlyConstraints(f) },
  ])
  cert.sign(f.pki.privateKeyFromPem(keys.privatePem), f.md.sha256.create())
  return { cert: f.pki.certificateToPem(cert), key: keys.privatePem }
}

/** The server's certificate for localhost, 127.0.0.1 and ::1, signed by `ca`. */
export async function makeLocalCertificate(ca: PemPair, now = new Date()): Promise<PemPair> {
  const [f, keys] = await Promise.all([forge(), rsaKey()])
  const issuer = f.pki.certificateFromPem(ca.cert)
  const cert = f.pki.createCertificate()
  cert.serialNumber = serialNumber()
  cert.publicKey = f.pki.publicKeyFromPem(keys.publicPem)
  validity(cert, now, leafLifetimeMs)
  cert.setSubject([{ name: 'commonName', value: 'localhost' }])
  cert.setIssuer(issuer.subject.attributes)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [...localNames.dns.map((value) => ({ type: 2, value })), ...localNames.ip.map((ip) => ({ type: 7, ip }))],
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: issuer.generateSubjectKeyIdentifier().getBytes() },
  ])
  cert.sign(f.pki.privateKeyFromPem(ca.key), f.md.sha256.create())
  return { cert: f.pki.certificateToPem(cert), key: keys.privatePem }
}
