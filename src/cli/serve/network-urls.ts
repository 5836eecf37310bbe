import { networkInterfaces } from 'node:os'

/** Whether `host` binds every interface: the URL for it is no address a client can send to. */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]'
}

/** URLs of this machine's external IPv4 addresses on `port`: what other machines can use when the server binds every interface. */
export function networkUrls(port: number, scheme: 'http' | 'https' = 'http'): string[] {
  const urls: string[] = []
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) urls.push(`${scheme}://${address.address}:${port}`)
    }
  }
  return urls
}
