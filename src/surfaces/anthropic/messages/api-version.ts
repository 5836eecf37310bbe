/** The response shapes the gateway distinguishes, by API version (docs/profiles.md says which clients send which). */
export type MessagesApiVersion = '2023-06-01' | '2026-10-21'

const datedVersion = /^\d{4}-\d{2}-\d{2}$/

/**
 * The shape a request gets, from its `anthropic-version` header. The real gateway does not
 * check the header, so a missing or unrecognised value is served, with the original shape: some
 * clients reject the fields the later version adds (docs/profiles.md, "Anthropic API versions").
 */
export function messagesApiVersion(request: Request): MessagesApiVersion {
  const asked = request.headers.get('anthropic-version')?.trim() ?? ''
  return datedVersion.test(asked) && asked >= '2026-10-21' ? '2026-10-21' : '2023-06-01'
}
