// A host as a Host header may name it: a name or IPv4 address, or an IPv6 address in brackets, and a port.
const validHost = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The origin a client reached the gateway by: the scheme of the request's URL and the host its
 * `Host` header names, when that is a valid host; else the URL's own origin (the address the
 * server is bound to, or the URL msw intercepted). URLs the gateway hands a client (a generated
 * image's, the base URL a hint names) then lead back to it from where the client is, not to the
 * server's own loopback address.
 */
export function requestOrigin(request: Request, url: URL): string {
  const host = request.headers.get('host')
  if (host === null || !validHost.test(host)) return url.origin
  // The pattern lets through what no URL can hold (a port over 65535, an IPv4 address with a part
  // over 255): the URL parser has the last word, and its origin is the one handed out.
  try {
    return new URL(`${url.protocol}//${host.toLowerCase()}`).origin
  } catch {
    return url.origin
  }
}
