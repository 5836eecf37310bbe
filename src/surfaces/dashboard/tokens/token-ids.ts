import { refused } from '../management-reply.ts'

/** The `{ids}` of a batch request as new-api binds them: a non-empty list of integers, at most `max` where it sets a limit. */
export function readTokenIds(body: Readonly<Record<string, unknown>>, max?: number): number[] {
  const ids = body.ids
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => Number.isSafeInteger(id)))
    throw refused('Invalid parameters', '无效的参数')
  if (max !== undefined && ids.length > max)
    throw refused(`Too many items in batch request, maximum is ${max}`, `批量请求数量过多，最多 ${max} 条`)
  return ids as number[]
}
