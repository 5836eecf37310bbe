import { X509Certificate } from 'node:crypto'
import tls from 'node:tls'

/**
 * Makes every TLS client of this process (fetch and the SDKs on it, the global `WebSocket`, `ws`,
 * node:https) trust `ca` besides what it trusted, until the returned function takes it back.
 * Node has this from 22.19 on (`tls.setDefaultCACertificates`); before, nothing changes and the
 * function says so by returning undefined.
 */
export function trustCertificate(ca: string): (() => void) | undefined {
  if (typeof tls.setDefaultCACertificates !== 'function') return undefined
  const fingerprint = new X509Certificate(ca).fingerprint256
  const others = (certificates: readonly string[]) => certificates.filter((pem) => new X509Certificate(pem).fingerprint256 !== fingerprint)
  tls.setDefaultCACertificates([...others(tls.getCACertificates('default')), ca])
  // Only this CA is taken back: another fixture's, added meanwhile, stays.
  return () => tls.setDefaultCACertificates(others(tls.getCACertificates('default')))
}
