/** Path parameters by name, decoded. */
export type PathParams = Record<string, string>

/**
 * Matches request URLs against one route path (`/v1/models/:model`) below a base: any origin
 * when `base` is undefined, else only URLs under it. Reads the path straight from the URL text:
 * a full URL parse per handler per request is most of what routing would otherwise cost.
 */
export function pathMatcher(path: string, base: string | undefined): (url: string) => PathParams | undefined {
  const segments = path.split('/').slice(1)
  const basePath = basePathOf(base)
  const baseOrigin = base === undefined ? undefined : new URL(base).origin
  // A path without parameters (most routes, the model list and chat among them) is compared
  // whole, with or without its trailing slash: the same answer as segment by segment, with no
  // split, no arrays, per request.
  const withSlash = segments.some((segment) => segment.startsWith(':')) ? undefined : `${path}/`
  return (url) => {
    if (baseOrigin !== undefined && !url.startsWith(baseOrigin)) return undefined
    const pathname = pathnameOf(url)
    if (!pathname.startsWith(basePath)) return undefined
    if (withSlash !== undefined) {
      const relative = basePath === '' ? pathname : pathname.slice(basePath.length)
      return relative === path || relative === withSlash ? {} : undefined
    }
    const parts = pathname.slice(basePath.length).split('/').slice(1)
    // A trailing slash names the same resource, as msw's own matching has it.
    if (parts.length === segments.length + 1 && parts.at(-1) === '') parts.pop()
    if (parts.length !== segments.length) return undefined
    const params: PathParams = {}
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!
      const part = parts[i]!
      if (segment.startsWith(':')) {
        if (part === '') return undefined
        params[segment.slice(1)] = decode(part)
      } else if (segment !== part) {
        return undefined
      }
    }
    return params
  }
}

/** The path of a base URL without its trailing slashes: `''` for an origin alone, or for no base URL. */
export function basePathOf(base: string | undefined): string {
  return base === undefined ? '' : new URL(base).pathname.replace(/\/+$/, '')
}

/** The path of an absolute URL, without query or fragment. */
export function pathnameOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  let end = url.length
  const query = url.indexOf('?', start)
  if (query !== -1) end = query
  const hash = url.indexOf('#', start)
  if (hash !== -1 && hash < end) end = hash
  return url.slice(start, end)
}

/** A query parameter of an absolute URL, read without parsing the URL when it has no query. */
export function searchParamOf(url: string, name: string): string | null {
  return searchParamsOf(url)?.get(name) ?? null
}

/** The query of an absolute URL, read without parsing the URL; undefined when it has none. */
export function searchParamsOf(url: string): URLSearchParams | undefined {
  const start = url.indexOf('?')
  if (start === -1) return undefined
  const hash = url.indexOf('#', start)
  return new URLSearchParams(url.slice(start + 1, hash === -1 ? undefined : hash))
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
