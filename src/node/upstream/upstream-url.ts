/**
 * An upstream gateway's base URL, as `record` and `import` take it: refused (a `TypeError` that
 * says what to give instead) when it is not http(s), carries credentials (they would show in
 * logs and files), has a query or fragment, or ends in an API version, which clients and the
 * import put in their paths already.
 */
export function upstreamUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new TypeError(`the upstream must be a URL such as https://gateway.example.com, got ${JSON.stringify(text)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`the upstream must be an http or https URL, got ${url.protocol}`)
  if (url.username || url.password)
    throw new TypeError(
      'the upstream URL must not carry credentials: give keys apart from it (record: --upstream-key, or let clients send theirs; import: --key)',
    )
  if (url.search || url.hash) throw new TypeError('the upstream URL must not have a query or fragment: give its origin and base path')
  const version = /\/(v\d+(?:(?:alpha|beta)\d*)?)\/*$/.exec(url.pathname)
  if (version) {
    const base = `${url.origin}${url.pathname.slice(0, version.index)}`
    throw new TypeError(
      `the upstream must be the gateway's base URL without /${version[1]} (clients' paths start with it already, so every path would be /${version[1]}/${version[1]}/…): give ${base}`,
    )
  }
  return url
}

/** The upstream as shown and as paths are appended to it: its origin and base path, without a trailing slash. */
export function upstreamBase(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}
