/** Whether the request carries `anthropic-version`, which every Anthropic client sends. */
export function hasAnthropicVersion(request: Request): boolean {
  return request.headers.has('anthropic-version')
}
