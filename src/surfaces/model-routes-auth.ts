import type { AuthRequirement } from '../auth/auth-requirement.ts'
import { authenticateToken, type TokenAuth } from '../auth/token-auth.ts'
import { gatewayError } from '../errors/gateway-error.ts'
import { hasApiKeyHeader, hasAuthorization, hasGeminiKey } from '../http/request-credentials.ts'
import type { ProfileShapes } from '../profiles/profile-type.ts'

/** Whether a request to `/v1/models*` is an Anthropic Models API call, as the profile tells them apart. */
export function isAnthropicRequest(request: Request, shapes: Pick<ProfileShapes, 'anthropicModelsWhen'>): boolean {
  if (!request.headers.has('anthropic-version')) return false
  return shapes.anthropicModelsWhen === 'anthropic-version' || hasApiKeyHeader(request)
}

/**
 * `/v1/models` and `/v1/models/{model}`: Bearer for OpenAI clients, the Anthropic sources for
 * Anthropic ones. A Gemini-style key alone is refused with a pointer to the `/v1beta` route in
 * the spec profile (the interface says not to rely on `/v1/models?key=`); new-api reads it.
 */
export function modelLookupAuth(nativeRoute: string): AuthRequirement<TokenAuth> {
  return {
    credential: 'api-key',
    resolve(input) {
      const { request, profile } = input
      if (isAnthropicRequest(request, profile.shapes)) return authenticateToken(input, profile.credentials.anthropic)
      if (profile.shapes.geminiKeyOnModelList === 'refuse' && hasGeminiKey(request) && !hasAuthorization(request)) {
        throw gatewayError('gemini_key_on_model_list', { path: input.pathname, route: nativeRoute, base: input.gatewayBase })
      }
      return authenticateToken(input, profile.credentials['openai-models'])
    },
  }
}
