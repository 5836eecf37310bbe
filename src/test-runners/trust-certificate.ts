import { X509Certificate } from 'node:crypto'
import tls from 'node:tls'

// How many fixtures trust each CA (by fingerprint): two servers of one process share the local CA.
const holders = new Map<string, number>()

/**
 * Makes every TLS client of this process (fetch and the SDKs on it, the global `WebSocket`, `ws`,
 * node:https) trust `ca` besides what it trusted, until the returned function takes it back (once
 * every fixture that asked for it has). Node has this from 22.19 on (`tls.setDefaultCACertificates`);
 * before, nothing changes and the function says so by returning undefined.
 */
export function trustCertificate(ca: string): (() => void) | undefined {
  if (typeof tls.setDefaultCACertificates !== 'function') return undefined
  const fingerprint = new X509Certificate(ca).fingerprint256
  const others = (certificates: readonly string[]) => certificates.filter((pem) => new X509Certificate(pem).fingerprint256 !== fingerprint)
  const held = holders.get(fingerprint) ?? 0
  holders.set(fingerprint, held + 1)
  if (held === 0) tls.setDefaultCACertificates([...others(tls.getCACertificates('default')), ca])
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (holders.get(fingerprint) ?? 1) - 1
    if (left > 0) return void holders.set(fingerprint, left)
    holders.delete(fingerprint)
    // Only this CA is taken back: another one, added meanwhile, stays.
    tls.setDefaultCACertificates(others(tls.getCACertificates('default')))
  }
}
