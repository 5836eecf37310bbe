import { refused } from '../management-reply.ts'

// new-api's `sanitizeLikePattern` (model/token.go) and the SQL `LIKE` it feeds: without `%` a
// whole, exact match; with one or two `%`, a wildcard match of at least two other characters.

/** A checked search pattern, ready to match. */
export type SearchPattern = RegExp

/** `input` as new-api accepts it for a `LIKE` search, or its refusal (in Chinese, whatever the language). */
export function searchPattern(input: string): SearchPattern {
  const refuse = (message: string) => refused(message, message)
  if (input.includes('%%')) throw refuse('搜索模式中不允许包含连续的 % 通配符')
  const wildcards = input.split('%').length - 1
  if (wildcards > 2) throw refuse('搜索模式中最多允许包含 2 个 % 通配符')
  // new-api counts the escaped pattern's bytes: `_` and `!` count twice there.
  const stripped = input.replaceAll('!', '!!').replaceAll('_', '!_').replaceAll('%', '')
  if (wildcards > 0 && new TextEncoder().encode(stripped).length < 2) throw refuse('使用模糊搜索时，关键词长度至少为 2 个字符')
  const source = input
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  // SQLite's LIKE (new-api's default database) ignores ASCII case.
  return new RegExp(`^${source}$`, 'is')
}

export function matchesLike(pattern: SearchPattern, text: string): boolean {
  return pattern.test(text)
}
