import { userAuth } from '../../../auth/user-auth.ts'
import { defineRoute } from '../../../pipeline/route.ts'
import { ok, pageOf, readPage } from '../management-reply.ts'
import { ownTokens } from './own-token.ts'
import { matchesLike, searchPattern } from './search-pattern.ts'
import { bareKeyOf, tokenView } from './token-view.ts'

/** `GET /api/token/`: the caller's tokens, newest first, a page at a time, keys masked. */
export const listTokensRoute = defineRoute({
  id: 'dashboard.token_list',
  method: 'GET',
  path: '/api/token',
  surface: 'dashboard',
  auth: userAuth,
  banner: "the access token's user's API keys (and /api/token/* to manage them)",
  handle({ url, runtime: { world }, auth: { user } }) {
    const page = pageOf(ownTokens(world, user), readPage(url))
    return ok({ ...page, items: page.items.map((token) => tokenView(world, token)) })
  },
})

/** new-api's model layer answers at most this many matches a page. */
const searchHardLimit = 100

/**
 * `GET /api/token/search?keyword=&token=`: the caller's tokens whose name matches `keyword` and
 * whose key (with or without `sk-`) matches `token`, as new-api's SQL `LIKE` matches them: whole
 * and case-insensitive, `%` for any run of characters (at most two), `_` a plain underscore.
 */
export const searchTokensRoute = defineRoute({
  id: 'dashboard.token_search',
  method: 'GET',
  path: '/api/token/search',
  surface: 'dashboard',
  auth: userAuth,
  handle({ url, runtime: { world }, auth: { user } }) {
    const keyword = url.searchParams.get('keyword') ?? ''
    const key = (url.searchParams.get('token') ?? '').replace(/^sk-/, '')
    const byName = keyword === '' ? undefined : searchPattern(keyword)
    const byKey = key === '' ? undefined : searchPattern(key)
    const found = ownTokens(world, user).filter(
      (token) => (!byName || matchesLike(byName, token.name)) && (!byKey || matchesLike(byKey, bareKeyOf(token))),
    )
    const asked = readPage(url)
    const page = pageOf(found, { ...asked, pageSize: Math.min(asked.pageSize, searchHardLimit) })
    return ok({ ...page, page_size: asked.pageSize, items: page.items.map((token) => tokenView(world, token)) })
  },
})
