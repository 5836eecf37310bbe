import { adminCookieName } from '../../../http/admin-cookie.ts'
import { raw } from '../../../pipeline/reply.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import type { GatewayRuntime } from '../../../pipeline/gateway-runtime.ts'
import { invalidUrl } from '../../not-found.ts'
import { adminAuth } from '../admin-auth.ts'
import { pageFiles, readPageFile } from './page-files.ts'
import { pageHeaders } from './page-headers.ts'

/**
 * `GET /__mock/`: the inspector, a page that shows every request as it is answered and why, one
 * in detail, the keys, quotas, clock and scenarios, with controls. `/__mock` goes to `/__mock/`,
 * which the page's relative addresses need. `?token=` (the admin token, for a server that has one)
 * is kept in a cookie the server reads as the token, and the page is loaded again without it.
 */
export const inspectorPageRoute = defineRoute({
  id: 'admin.inspector',
  method: 'GET',
  path: '/__mock',
  surface: 'admin',
  auth: adminAuth,
  quiet: true,
  banner: 'the inspector: every request live, why it was answered so, the keys, quotas, clock and scenarios',
  bannerPath: '/__mock/',
  async handle({ request, url, pathname, runtime }) {
    const token = url.searchParams.get('token')
    const page = pathname.endsWith('/') ? pathname : `${pathname}/`
    if (token !== null) {
      const cookie = `${adminCookieName(request.url)}=${encodeURIComponent(token)}; Path=${page.slice(0, -1)}; HttpOnly; SameSite=Strict`
      return raw('', 'text/plain; charset=utf-8', { status: 303, headers: { ...pageHeaders, location: page, 'set-cookie': cookie } })
    }
    if (page !== pathname) return raw('', 'text/plain; charset=utf-8', { status: 308, headers: { ...pageHeaders, location: page } })
    return pageFile(runtime, 'index.html', request, url)
  },
})

/** `GET /__mock/inspector/{file}`: the page's scripts and styles. */
export const inspectorFileRoute = defineRoute({
  id: 'admin.inspector_file',
  method: 'GET',
  path: '/__mock/inspector/:file',
  surface: 'admin',
  auth: adminAuth,
  quiet: true,
  handle: ({ params, runtime, request, url }) => pageFile(runtime, params.file!, request, url),
})

async function pageFile(runtime: GatewayRuntime, name: string, request: Request, url: URL) {
  const type = Object.hasOwn(pageFiles, name) ? pageFiles[name] : undefined
  const body = type === undefined ? undefined : await readPageFile(name, runtime.pageFiles)
  // Without the files (a gateway from the sources in-process, with no server to read them) there is no page.
  if (type === undefined || body === undefined) throw invalidUrl(request, url)
  return raw(body, type, { headers: pageHeaders })
}
