import { keyAuthOf, type TokenAuth } from '../auth/token-auth.ts'
import { assertQuotaLeft } from '../billing/charge-quota.ts'
import { gatewayError } from '../errors/gateway-error.ts'
import { appliedLimits } from '../limits/applied-limits.ts'
import { scenarioFailure } from '../scenarios/scenario-failure.ts'
import { matchedRequestOf, type ScenarioRequest } from '../scenarios/match-request.ts'
import { replyOverrideSchema, type Action, type ReplyFunction } from '../scenarios/scenario-schema.ts'
import { formatUsd } from '../world/quota-units.ts'
import { modelAccess, type ModelRefusal } from '../world/visibility.ts'
import type { PipelineContext } from './pipeline-context.ts'
import { admissionOf } from './route.ts'

const refusals = { outside_key_limits: 'model_outside_key_limits', unavailable: 'model_unavailable', unpriced: 'model_unpriced' } as const

/**
 * Stage 3, admit: for routes that name a model, in order: the active scenario decides (it may
 * delay the request, fail it, or leave a reply override or a broken stream for the route); the
 * model must be one the key may use; then, for generations, rate limits count the request and
 * the key and its owner must have quota left. The result is `context.admission`.
 *
 * A WebSocket handshake (`upgrade`) is admitted the same way, except that the scenario sees it as
 * a handshake and nothing is counted against the rate limits: the responses on the socket are
 * the generations, and each is admitted as one when it comes.
 */
export function admit(context: PipelineContext): Promise<void> | undefined {
  const declared = context.route.model
  if (!declared) return undefined
  const auth = keyAuthOf(context.auth, context.route.id)
  const modelId = declared.read(context)
  context.note.model = modelId
  const stream = declared.stream?.(context) ?? false
  context.note.stream = stream
  const admission = admissionOf(declared, context)
  // Without a scenario to consult nothing waits, and the request is admitted without a promise
  // (an await per stage is not free at a server's rate: docs/performance.md).
  if (admission === 'lookup' || context.runtime.scenarios.idle) {
    admitModel(context, auth, modelId, stream, admission, {})
    return undefined
  }
  return consultScenario(context, modelId, stream, admission === 'upgrade').then((action) =>
    admitModel(context, auth, modelId, stream, admission, action),
  )
}

/** The rest of admission, once the scenario has decided: the model, the rate limits, the quota. */
function admitModel(
  context: PipelineContext,
  auth: TokenAuth,
  modelId: string,
  stream: boolean,
  admission: ReturnType<typeof admissionOf>,
  action: Action,
): void {
  const { runtime } = context
  const facts = { model: modelId, key: auth.maskedKey, group: auth.token.group ?? auth.user.group }
  const access = modelAccess(runtime.world, auth.token, auth.user, modelId)
  if ('refused' in access) throw gatewayError(refusals[access.refused satisfies ModelRefusal], facts, { param: 'model' })
  if (admission === 'generation') {
    const limits = appliedLimits(auth.token, auth.maskedKey, auth.user, access.group)
    const headers = runtime.rateLimiter.admit(limits, runtime.clock.now())
    if (context.profile.shapes.rateLimitHeaders) Object.assign(context.headers, headers)
  }
  if (admission !== 'lookup') assertQuotaLeft(auth.token, auth.user, auth.maskedKey)
  context.admission = { model: access.model, group: admission === 'lookup' ? undefined : access.group, action, stream }
}

/**
 * What the active scenario decides for a request that names `modelId` (empty when the request
 * names none yet, as a Responses socket's handshake): a delay is waited out here and a failure
 * raised; the rest (a reply override, a broken stream) is returned for the route.
 */
export async function consultScenario(context: PipelineContext, modelId: string, stream: boolean, upgrade = false): Promise<Action> {
  const { runtime, request } = context
  const auth = keyAuthOf(context.auth, context.route.id)
  const asked: ScenarioRequest = {
    requestId: context.requestId,
    method: request.method,
    pathname: context.pathname,
    surface: context.surface,
    model: modelId,
    token: auth.token,
    user: auth.user,
    stream,
    upgrade,
    headers: request.headers,
    body: context.body,
    conversation: () => context.conversationView(),
  }
  const decision = runtime.scenarios.decide(asked)
  if (!decision) return {}
  const { reply, ...rest } = decision.action
  context.note.decidedBy = decision.decidedBy
  const action: Action = rest
  if (reply !== undefined) action.reply = typeof reply === 'function' ? await settledReply(reply, asked, decision.decidedBy) : reply
  if (action.delayMs) {
    // On the gateway's time source (real time unless a test drives it), not its offset: it is the client that should feel it.
    await runtime.clock.sleep(action.delayMs, request.signal)
    // Like the gateway cancelling its relay: a client that left is neither answered nor charged.
    if (request.signal.aborted) throw gatewayError('client_closed')
  }
  if (action.fail)
    throw scenarioFailure(action.fail, {
      model: modelId,
      key: auth.maskedKey,
      group: auth.token.group ?? auth.user.group,
      username: auth.user.username,
      left: auth.user.quota,
      leftUsd: formatUsd(auth.user.quota),
    })
  return action
}

/** What a scenario's reply function answers, checked as a reply written out would be; a function that throws or answers no reply fails the request. */
async function settledReply(reply: ReplyFunction, asked: ScenarioRequest, decidedBy: string): Promise<Action['reply']> {
  let answered: unknown
  try {
    answered = await reply(matchedRequestOf(asked))
  } catch (error) {
    throw gatewayError('internal', {
      detail: `the reply function of ${decidedBy} threw: ${error instanceof Error ? error.message : String(error)}`,
    })
  }
  const checked = replyOverrideSchema.safeParse(answered)
  if (!checked.success)
    throw gatewayError('internal', {
      detail: `the reply function of ${decidedBy} answered no reply: ${checked.error.issues.map((issue) => `${issue.path.join('.') || 'reply'}: ${issue.message}`).join('; ')}`,
    })
  return checked.data
}
