import type { ProfileShapes } from '../../profiles/profile-type.ts'
import type { Model, Token } from '../../world/schemas.ts'
import { openAIModelList } from './openai-model-list.ts'

type Shape = ProfileShapes['openaiModelList']

/** A key's list as last serialised: the values it was made of, in order, and the text. */
interface Serialised {
  shape: Shape
  values: readonly (string | number)[]
  text: string
}

// One list per key: a key asks for the same list again and again, and a list replaced by another
// key's would be serialised again each time two keys take turns.
const lastOf = new WeakMap<Token, Serialised>()

/**
 * The OpenAI list of `models` as JSON text: the key's last one again when every value it shows is
 * the same, else serialised anew. Serialising the list is the largest single piece of a
 * `GET /v1/models` answer the gateway builds (docs/performance.md); comparing the values costs a
 * small part of it. Records are live and change in place (a test may set `model.ownedBy`), so no
 * revision of the world tells when a text is stale: the values are compared on every request,
 * and a list with a value that is not a plain string or number (which could change inside
 * without the comparison seeing it) is serialised every time, as before.
 */
export function openAIModelListText(shape: Shape, models: readonly Model[], token: Token): string {
  const last = lastOf.get(token)
  if (last !== undefined && last.shape === shape && shows(models, last.values)) return last.text
  const text = JSON.stringify(openAIModelList(shape, models))
  const values = valuesOf(models)
  if (values) lastOf.set(token, { shape, values, text })
  return text
}

/**
 * Every value the list shows (see toOpenAIModel), flat: id, created, owner, the number of endpoint
 * types and each of them, model after model; undefined when one is no string or number.
 */
function valuesOf(models: readonly Model[]): (string | number)[] | undefined {
  const values: (string | number)[] = []
  for (const model of models) {
    const { id, created, ownedBy, endpointTypes } = model
    if (typeof id !== 'string' || typeof created !== 'number' || typeof ownedBy !== 'string' || !Array.isArray(endpointTypes)) {
      return undefined
    }
    values.push(id, created, ownedBy, endpointTypes.length)
    for (const type of endpointTypes) {
      if (typeof type !== 'string') return undefined
      values.push(type)
    }
  }
  return values
}

/** Whether `models` show exactly `values` (as valuesOf lays them out). */
function shows(models: readonly Model[], values: readonly (string | number)[]): boolean {
  let at = 0
  for (const model of models) {
    const types = model.endpointTypes
    if (
      model.id !== values[at] ||
      model.created !== values[at + 1] ||
      model.ownedBy !== values[at + 2] ||
      !Array.isArray(types) ||
      types.length !== values[at + 3]
    ) {
      return false
    }
    at += 4
    for (const type of types) if (type !== values[at++]) return false
  }
  return at === values.length
}
