import { errorCodes, isErrorCode, type ErrorCode } from '../errors/error-codes.ts'
import { errorNameList } from '../errors/error-name-list.ts'
import type { ErrorName } from '../errors/error-names.ts'
import type { Refusal, RequestDetail } from '../journal/request-detail.ts'
import { resolveError } from '../profiles/resolve-error.ts'
import { specProfile } from '../profiles/spec-profile.ts'
import { moderationCategories, type ModerationCategory } from './moderation-categories.ts'
import { scenarioFailure } from './scenario-failure.ts'
import type { Action, Fail, RequestMatch } from './scenario-schema.ts'

/** A scenario step as a user pastes it into a scenario's `steps`. */
export interface StepInput {
  when: RequestMatch
  then: Action
}

/**
 * A request the gateway answered, as the scenario step that would answer the next one the same:
 * `when` from the request (its route, model, key and whether it streamed), `then` from the answer
 * (the reply a generation composed, or the failure as the profile that answered it rendered it:
 * its status, message and field, under the contract code rendered alike). The key is the world's
 * spelling of the key the request presented, since a masked key matches nothing.
 */
export function stepOfRequest(detail: RequestDetail): StepInput {
  const { entry } = detail
  const when: RequestMatch = { route: `${entry.method} ${entry.path}` }
  if (entry.model !== undefined) when.model = entry.model
  if (detail.worldKey !== undefined) when.key = detail.worldKey
  if (entry.stream !== undefined) when.stream = entry.stream
  if (detail.meets === 'handshake') when.upgrade = true
  return { when, then: thenOf(detail) }
}

/**
 * Why no step answers the next request as this one was answered, if none can: a request refused
 * for a key the world does not know (or for none), since a step names a key of the world and
 * would otherwise take requests with any key.
 */
export function whyNoStep(detail: RequestDetail): string | undefined {
  if (detail.entry.stage !== 'authenticate' || detail.worldKey !== undefined) return undefined
  return detail.entry.key === undefined
    ? 'It sent no key, and the gateway refuses that by itself, before any scenario: a step would answer requests with any key.'
    : `Its key (${detail.entry.key}) is not one of the world's, and the gateway refuses it by itself, before any scenario: a step names a key of the world, and without one it would answer requests with any key.`
}

function thenOf(detail: RequestDetail): Action {
  const { entry, composed } = detail
  if (entry.error !== undefined) {
    const code = contractCodeOf(entry.error as ErrorName, entry.code)
    if (detail.refusal) return { fail: failAsAnswered(detail, detail.refusal, code) }
    const status = specProfile.errors[code].status
    return { fail: entry.status === status ? { code } : { code, status: entry.status } }
  }
  if (!composed) return {}
  const { text, toolCalls = [], reasoning, moderation, scores } = composed
  if (moderation) return { reply: { moderation: { categories: moderation.categories.filter(isModerationCategory) } } }
  if (scores) return { reply: { scores: [...scores] } }
  const calls = toolCalls.map(({ name, arguments: args, input }) =>
    input === undefined ? { name, arguments: args } : { name, arguments: {}, input },
  )
  const thought = reasoning ? { reasoning } : {}
  if (calls.length === 0) return text === undefined ? {} : { reply: { ...thought, text } }
  return { reply: !text ? { ...thought, toolCalls: calls } : { ...thought, text, toolCalls: calls } }
}

/**
 * A `fail` that the profile which refused the request renders as it rendered the refusal: the
 * refusal's contract code where the profile renders that code alike (the same code, type, field
 * and envelope), else the refusal itself named (`as`: new-api answers a model outside a key's
 * limits from its middleware, not as its distributor's missing channel). The status, message and
 * field are given where the rendering's own differ.
 */
function failAsAnswered(detail: RequestDetail, refusal: Refusal, preferred: ErrorCode): Fail {
  const { profile, surface, language, resolved, envelope } = refusal
  const { requestId } = resolved
  const suffix = ` (request id: ${requestId})`
  const message = resolved.message.endsWith(suffix) ? resolved.message.slice(0, -suffix.length) : resolved.message
  const facts = { model: detail.entry.model, key: detail.entry.key }
  const render = (fail: Fail) => resolveError(profile, scenarioFailure(fail, facts), surface, requestId, language)
  const param = resolved.param ?? undefined
  const alike = (fail: Fail) => {
    const rendered = render({ ...fail, status: resolved.status, message, ...(param !== undefined && { param }) })
    return (
      rendered.envelope === envelope &&
      rendered.resolved.code === resolved.code &&
      rendered.resolved.type === resolved.type &&
      rendered.resolved.param === resolved.param
    )
  }
  const name = errorNameList.find((listed) => listed === detail.entry.error)
  let fail: Fail
  if (alike({ code: preferred })) fail = { code: preferred }
  else if (name !== undefined) fail = { code: preferred, as: name }
  else fail = { code: errorCodes.find((other) => alike({ code: other })) ?? preferred }
  const own = render(fail).resolved
  if (own.status !== resolved.status) fail.status = resolved.status
  if (own.message !== resolved.message && message !== '') fail.message = message
  if (param !== undefined && own.param !== resolved.param) fail.param = param
  if (Object.keys(resolved.headers).length > 0) fail.headers = { ...resolved.headers }
  return fail
}

/** The contract's code for a failure: the code the client got where it is one, else the one the spec profile gives its error. */
function contractCodeOf(name: ErrorName, code: string | undefined): ErrorCode {
  if (isErrorCode(code)) return code
  const spec = specProfile.errors[name]?.code
  return isErrorCode(spec) ? spec : 'upstream_error'
}

function isModerationCategory(name: string): name is ModerationCategory {
  return (moderationCategories as readonly string[]).includes(name)
}
