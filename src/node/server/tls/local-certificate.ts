import { createPrivateKey, X509Certificate } from 'node:crypto'
import { chmod, lstat, mkdir, open, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writePrivateFile } from '../../files/write-private-file.ts'
import { tlsDirectory, tlsDirectoryVariable } from './tls-directory.ts'
import { localNames, makeLocalCa, makeLocalCertificate, type PemPair } from './make-certificates.ts'

/** The local certificate a `--tls` server uses, and the CA a client must trust for it. */
export interface LocalCertificate extends PemPair {
  /** The CA's certificate (PEM): what a client trusts, e.g. through `NODE_EXTRA_CA_CERTS`. */
  ca: string
  /** The file that holds `ca`. */
  caFile: string
  directory: string
}

const day = 24 * 60 * 60 * 1000
/** A certificate with less left than this is made anew: a long test run or server never meets its expiry. */
const renewBeforeMs = 30 * day
const lockWaitMs = 30_000
/** A lock older than this was left by a process that died while making the files. */
const staleLockMs = 60_000

const files = { caCert: 'ca.pem', caKey: 'ca-key.pem', cert: 'cert.pem', key: 'key.pem' } as const

/**
 * The local CA and the server certificate it signed, for localhost, 127.0.0.1 and ::1: read from
 * `directory` when they are there, whole, owner-only and valid for 30 days more; else made (the
 * CA kept when it is still good, so a client that trusts it goes on doing so) and written
 * owner-only (folder 0700, files 0600). Processes that start together make them once: the one
 * that makes them holds a lock file the others wait on.
 */
export async function localCertificate(directory = tlsDirectory(), now = new Date()): Promise<LocalCertificate> {
  await ownerOnlyDirectory(directory)
  const found = await readValid(directory, now)
  if (found.leaf) return found.leaf
  const release = await lock(directory)
  try {
    // Another process may have made them while this one waited.
    const again = await readValid(directory, now)
    if (again.leaf) return again.leaf
    const ca = again.ca ?? (await makeLocalCa(now))
    const leaf = await makeLocalCertificate(ca, now)
    if (!again.ca) {
      await writePrivateFile(join(directory, files.caKey), ca.key)
      await writePrivateFile(join(directory, files.caCert), ca.cert)
    }
    await writePrivateFile(join(directory, files.key), leaf.key)
    await writePrivateFile(join(directory, files.cert), leaf.cert)
    return { ...leaf, ca: ca.cert, caFile: join(directory, files.caCert), directory }
  } finally {
    await release()
  }
}

/** Makes the folder owner-only (and its parents as needed), or tightens one that is not; refuses one of another user. */
async function ownerOnlyDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 })
  if (process.platform === 'win32') return
  const info = await lstat(directory)
  if (!info.isDirectory()) throw new Error(`${directory} is not a folder: the TLS certificates need one (or set ${tlsDirectoryVariable})`)
  if (process.getuid && info.uid !== process.getuid())
    throw new Error(
      `${directory} belongs to another user: its CA is not this user's to use (set ${tlsDirectoryVariable} to a folder of your own)`,
    )
  if ((info.mode & 0o777) !== 0o700) await chmod(directory, 0o700)
}

/** What of the folder's files can be used: the CA (still good for a while), and the whole set when the certificate is too. */
async function readValid(directory: string, now: Date): Promise<{ ca?: PemPair; leaf?: LocalCertificate }> {
  const ca = await readPair(directory, files.caCert, files.caKey)
  if (!ca || !usable(ca, now, true)) return {}
  const leaf = await readPair(directory, files.cert, files.key)
  if (!leaf || !usable(leaf, now, false) || !signedBy(leaf.cert, ca.cert)) return { ca }
  return { ca, leaf: { ...leaf, ca: ca.cert, caFile: join(directory, files.caCert), directory } }
}

/** A certificate and key from the folder; none when either is missing or its key file is not owner-only (it may have been read). */
async function readPair(directory: string, certFile: string, keyFile: string): Promise<PemPair | undefined> {
  try {
    if (process.platform !== 'win32') {
      const info = await stat(join(directory, keyFile))
      if ((info.mode & 0o077) !== 0 || (process.getuid && info.uid !== process.getuid())) return undefined
    }
    const [cert, key] = await Promise.all([readFile(join(directory, certFile), 'utf8'), readFile(join(directory, keyFile), 'utf8')])
    return { cert, key }
  } catch {
    return undefined
  }
}

/** Whether a certificate parses, matches its key, is a CA or the local server's as asked, and has 30 days and more left. */
function usable(pair: PemPair, now: Date, ca: boolean): boolean {
  try {
    const cert = new X509Certificate(pair.cert)
    if (cert.ca !== ca || !cert.checkPrivateKey(createPrivateKey(pair.key))) return false
    if (new Date(cert.validFrom).getTime() > now.getTime() || new Date(cert.validTo).getTime() - now.getTime() < renewBeforeMs) return false
    return (
      ca ||
      (localNames.dns.every((name) => cert.checkHost(name) !== undefined) && localNames.ip.every((ip) => cert.checkIP(ip) !== undefined))
    )
  } catch {
    return false
  }
}

function signedBy(cert: string, ca: string): boolean {
  try {
    const issuer = new X509Certificate(ca)
    const leaf = new X509Certificate(cert)
    return leaf.checkIssued(issuer) && leaf.verify(issuer.publicKey)
  } catch {
    return false
  }
}

/** Takes the folder's lock file, waiting while another process holds it; resolves to its release. */
async function lock(directory: string): Promise<() => Promise<void>> {
  const path = join(directory, '.lock')
  const started = Date.now()
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600)
      await handle.close()
      return () => rm(path, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const held = await stat(path).catch(() => undefined)
    if (held && Date.now() - held.mtimeMs > staleLockMs) {
      await rm(path, { force: true })
      continue
    }
    if (Date.now() - started > lockWaitMs)
      throw new Error(
        `${path} has been held for ${lockWaitMs / 1000} s by another process making the TLS certificates: remove it if none is running`,
      )
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
