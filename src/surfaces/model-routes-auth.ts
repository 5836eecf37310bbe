import type { AuthRequirement } from '../auth/auth-requirement.ts'
import type { CredentialSource } from '../auth/credential-source.ts'
import { authenticateToken, tokenAuth, type TokenAuth } from '../auth/token-auth.ts'
import { GatewayError } from '../errors/gateway-error.ts'
import { searchParamOf } from '../http/path-matcher.ts'

/** Gemini-native routes: `x-goog-api-key` beats `?key=`, which beats `Authorization`. */
export const geminiCredentials: readonly CredentialSource[] = ['goog-api-key', 'key-query', 'bearer']

/** Messages routes: `x-api-key` (older SDKs) or `Authorization: Bearer` (1.x). */
export const anthropicCredentials: readonly CredentialSource[] = ['x-api-key', 'bearer']

/** Requests to `/v1/models*` that carry `anthropic-version` are Anthropic Models API calls. */
export function isAnthropicRequest(request: Request): boolean {
  return request.headers.has('anthropic-version')
}

/**
 * `/v1/models` and `/v1/models/{model}`: Bearer for OpenAI clients, `x-api-key` too for
 * Anthropic ones. A Gemini-style key alone is refused with a pointer to the `/v1beta` route
 * (the interface says not to rely on `/v1/models?key=`).
 */
export function modelLookupAuth(nativeRoute: string): AuthRequirement<TokenAuth> {
  const bearer = tokenAuth(['bearer'])
  return {
    resolve(input) {
      if (isAnthropicRequest(input.request)) return authenticateToken(input, anthropicCredentials)
      const hasGeminiKey = input.request.headers.has('x-goog-api-key') || searchParamOf(input.request.url, 'key') !== null
      if (hasGeminiKey && !input.request.headers.has('authorization')) {
        throw new GatewayError(
          'invalid_api_key',
          `${input.url.pathname} takes \`Authorization: Bearer <key>\`, not a Gemini-style key (\`?key=\` or \`x-goog-api-key\`). For the Gemini-native model list use GET ${nativeRoute}.`,
        )
      }
      return bearer.resolve(input)
    },
  }
}
