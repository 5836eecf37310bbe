import { isErrorCode, type ErrorCode } from '../errors/error-codes.ts'
import type { ErrorName } from '../errors/error-names.ts'
import type { RequestDetail } from '../journal/request-detail.ts'
import { specProfile } from '../profiles/spec-profile.ts'
import { moderationCategories, type ModerationCategory } from './moderation-categories.ts'
import type { Action, RequestMatch } from './scenario-schema.ts'

/** A scenario step as a user pastes it into a scenario's `steps`. */
export interface StepInput {
  when: RequestMatch
  then: Action
}

/**
 * A request the gateway answered, as the scenario step that would answer the next one the same:
 * `when` from the request (its route, model, key and whether it streamed), `then` from the answer
 * (the reply a generation composed, or the failure's contract code and status). The key is the
 * world's spelling of the key that authenticated it, since a masked key matches nothing; a key the
 * world does not know is left out.
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

function thenOf({ entry, composed }: RequestDetail): Action {
  if (entry.error !== undefined) {
    const code = contractCodeOf(entry.error as ErrorName, entry.code)
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

/** The contract's code for a failure: the code the client got where it is one, else the one the spec profile gives its error. */
function contractCodeOf(name: ErrorName, code: string | undefined): ErrorCode {
  if (isErrorCode(code)) return code
  const spec = specProfile.errors[name]?.code
  return isErrorCode(spec) ? spec : 'upstream_error'
}

function isModerationCategory(name: string): name is ModerationCategory {
  return (moderationCategories as readonly string[]).includes(name)
}
