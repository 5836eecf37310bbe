import { searchParamOf } from './path-matcher.ts'

/** Whether the request carries `anthropic-version`, which every Anthropic client sends. */
export function hasAnthropicVersion(request: Request): boolean {
  return request.headers.has('anthropic-version')
}

/** Whether the request carries a Gemini-style key (`?key=` or `x-goog-api-key`). */
export function hasGeminiKey(request: Request): boolean {
  return request.headers.has('x-goog-api-key') || searchParamOf(request.url, 'key') !== null
}

/** Whether the request carries `Authorization: Bearer …`, as OpenAI's clients send their key. */
export function hasBearer(request: Request): boolean {
  return /^bearer\s/i.test(request.headers.get('authorization') ?? '')
}
