import type { TokenAuth } from '../auth/token-auth.ts'
import type { ErrorName } from '../errors/error-names.ts'
import { writeConsumeLog, writeErrorLog } from '../logs/request-logs.ts'
import type { ResolvedError } from '../profiles/resolved-error.ts'
import type { PipelineContext } from './pipeline-context.ts'

// Refusals new-api makes before its relay controller runs (the distributor, the rate-limit
// middleware) or flags as not worth an error log (the quota checks), and a client that left.
const unloggedErrors = new Set<string>([
  'quota_key_exhausted',
  'quota_user_exhausted',
  'quota_key_short',
  'quota_user_short',
  'rate_limited',
  'model_unavailable',
  'model_outside_key_limits',
  'model_unpriced',
  'client_closed',
] satisfies ErrorName[])

/**
 * Writes the gateway's log rows for an answered relay request, once, where the journal entry is
 * reported: a consume log when the request was billed (and the world logs consumption), else an
 * error log when it failed after its key was accepted (and the world logs errors). Requests
 * without a key (the management API) write their own rows.
 */
export function logRequest(
  context: PipelineContext,
  status: number,
  failure: { name: string } | undefined,
  durationMs: number,
  resolved: ResolvedError | undefined,
): void {
  const auth = context.auth as Partial<TokenAuth> | undefined
  const token = auth?.token
  const user = auth?.user
  if (!token || !user) return
  const { note, runtime } = context
  const settings = runtime.world.settings
  const admitted = context.admitted
  if (note.quota !== undefined) {
    if (!settings.logConsume || !admitted) return
    writeConsumeLog(runtime.logs, {
      user,
      token,
      model: admitted.model,
      modelName: note.model ?? admitted.model.id,
      group: admitted.group,
      promptTokens: note.usage?.promptTokens ?? 0,
      completionTokens: note.usage?.completionTokens ?? 0,
      quota: note.quota,
      stream: note.stream ?? false,
      requestId: context.requestId,
      path: context.pathname,
      durationMs,
      now: runtime.clock.now(),
    })
    return
  }
  if (!failure || !settings.logErrors || !context.route.model || unloggedErrors.has(failure.name)) return
  const suffix = ` (request id: ${context.requestId})`
  const message = resolved?.message ?? failure.name
  writeErrorLog(runtime.logs, {
    user,
    token,
    modelName: note.model ?? admitted?.model.id ?? '',
    group: admitted?.group?.name ?? token.group ?? user.group,
    status,
    code: resolved?.code ?? failure.name,
    type: resolved?.type ?? 'new_api_error',
    message: message.endsWith(suffix) ? message.slice(0, -suffix.length) : message,
    requestId: context.requestId,
    now: runtime.clock.now(),
  })
}
