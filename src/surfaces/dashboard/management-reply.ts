import { gatewayError, type GatewayError } from '../../errors/gateway-error.ts'
import { json, type JsonReply } from '../../pipeline/reply.ts'

// What every management route answers with: new-api's `{success, message, data}`, its paging,
// and its refusals (HTTP 200, `success: false`), so that each route states only what it does.

/** Success: `{success: true, message, data}` (new-api leaves `data` out where its controller does). */
export function ok(data?: unknown, message = ''): JsonReply {
  return json(data === undefined ? { success: true, message } : { success: true, message, data })
}

/** A controller's refusal in new-api's words (English and Chinese): HTTP 200, `{success: false, message}`. */
export function refused(en: string, zh: string): GatewayError<'management_refused'> {
  return gatewayError('management_refused', { en, zh })
}

/** A page of a list, as the query asked for it. */
export interface PageQuery {
  /** From 1. */
  page: number
  pageSize: number
}

/** new-api's `common.ItemsPerPage`. */
export const defaultPageSize = 10

/**
 * `?p=` (from 1) and `?page_size=` (or `size`, `ps`), as new-api's `GetPageQuery` binds them: a
 * page below 1 is the first, a size of 0 the default; a value that is not an integer is refused.
 */
export function readPage(url: URL): PageQuery {
  const page = integerParam(url, 'p') ?? 1
  const size = integerParam(url, 'page_size') ?? integerParam(url, 'size') ?? integerParam(url, 'ps') ?? 0
  return { page: Math.max(1, page), pageSize: size <= 0 ? defaultPageSize : size }
}

/** The items of one page of `all`, in new-api's page object. */
export function pageOf<Item>(
  all: readonly Item[],
  { page, pageSize }: PageQuery,
): { page: number; page_size: number; total: number; items: Item[] } {
  return { page, page_size: pageSize, total: all.length, items: all.slice((page - 1) * pageSize, page * pageSize) }
}

/** An integer query parameter; undefined when absent or empty. Anything else is refused as gin's binding refuses it. */
export function integerParam(url: URL, name: string): number | undefined {
  const value = url.searchParams.get(name)
  if (value === null || value === '') return undefined
  if (!/^[+-]?\d+$/.test(value)) {
    const error = `strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`
    throw refused(error, error)
  }
  return Number(value)
}
