import { anthropicErrorType } from './anthropic-error-type.ts'
import { googleStatus } from './google-status.ts'
import type { EnvelopeName } from './profile-type.ts'
import type { ResolvedError } from './resolved-error.ts'

/**
 * Every error body the gateway writes, by name. Key order is part of each shape: the real
 * gateway's bodies come from Go maps, whose keys `encoding/json` sorts.
 */
export const envelopes: Readonly<Record<EnvelopeName, (error: ResolvedError) => unknown>> = {
  /** OpenAI's `{error:{message, type, param, code}}`, as the OpenAI SDK parses it. */
  openai: (e) => ({ error: { message: e.message, type: e.type, param: e.param, code: e.code } }),
  /** Anthropic's `{type:"error", error:{type, message}, request_id}`; `error.type` follows the status. */
  anthropic: (e) => ({ type: 'error', error: { type: anthropicErrorType(e.status), message: e.message }, request_id: e.requestId }),
  /** Google's RPC error: the interface shows no `/v1beta` error shape, and this is the one Google clients parse. */
  google: (e) => {
    const details: unknown[] = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: e.code, domain: 'llm-gateway-mock' }]
    const retryAfter = e.headers['retry-after']
    if (e.status === 429 && retryAfter) details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfter}s` })
    return { error: { code: e.status, message: e.message, status: googleStatus(e.status), details } }
  },
  /** The dashboard's `{success:false, message}`. */
  dashboard: (e) => ({ success: false, message: e.message }),
  /** `/__mock/*`: the mock's own API, not a gateway's. */
  admin: (e) => ({ error: { code: e.code, message: e.message } }),
  /** new-api's middleware errors (auth, distributor, rate limit): `abortWithOpenAiMessage`, keys sorted, no `param`. */
  'new-api-middleware': (e) => ({ error: { code: e.code, message: e.message, type: e.type } }),
  /** new-api's relay errors and its unknown-route 404: the OpenAI wrapper, with `param` "" where none applies. */
  'new-api-relay': (e) => ({ error: { message: e.message, type: e.type, param: e.param ?? '', code: e.code } }),
  /** new-api's relay errors on `/v1/messages`: the Claude wrapper, outer keys sorted. */
  'new-api-claude': (e) => ({ error: { type: e.type, message: e.message }, type: 'error' }),
  /** new-api's dashboard auth failures. */
  'new-api-dashboard-auth': (e) => ({ code: e.code, message: e.message, success: false }),
  /** new-api's own `{success:false, message}` bodies (its read-only key auth, its controllers), keys sorted. */
  'new-api-dashboard': (e) => ({ message: e.message, success: false }),
  /** gin's recovery handler, which new-api answers a panic with. */
  'new-api-panic': (e) => ({ error: { message: e.message, type: e.type } }),
}
