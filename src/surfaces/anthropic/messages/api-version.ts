/** The response shapes the gateway distinguishes: before and since the 1.x SDK's API version. */
export type MessagesApiVersion = '2023-06-01' | '2026-10-21'

const datedVersion = /^\d{4}-\d{2}-\d{2}$/

/**
 * The shape a request gets, from its `anthropic-version` header. The real gateway does not
 * check the header, so a missing or unrecognised value is served, with the original shape:
 * `@ai-sdk/anthropic` 3.x sends `2023-06-01` and rejects the nulls that 2026-10-21 adds.
 */
export function messagesApiVersion(request: Request): MessagesApiVersion {
  const asked = request.headers.get('anthropic-version')?.trim() ?? ''
  return datedVersion.test(asked) && asked >= '2026-10-21' ? '2026-10-21' : '2023-06-01'
}
