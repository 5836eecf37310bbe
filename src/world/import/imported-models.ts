import type { z } from 'zod'
import type { modelSchema } from '../schemas.ts'
import { importedModel, type ModelFacts } from './imported-model.ts'
import type { UpstreamAnswers } from './upstream-answers.ts'

type ModelInput = z.input<typeof modelSchema>

/**
 * The world's models: each model of `ids` (those the world's groups enable), from what the
 * upstream's lists and `/api/pricing` say of it, in the order keys list them; `unpriced` ones
 * without a price. `notes` says what was assumed.
 */
export function importedModels(
  answers: Pick<UpstreamAnswers, 'keys' | 'pricing'>,
  ids: readonly string[],
  unpriced: ReadonlySet<string>,
): { models: ModelInput[]; notes: string[] } {
  const facts = new Map<string, ModelFacts>()
  const factsOf = (id: string) => {
    let found = facts.get(id)
    if (!found) facts.set(id, (found = { id, unpriced: unpriced.has(id) }))
    return found
  }
  for (const key of answers.keys) {
    for (const entry of key.models ?? []) factsOf(entry.id).openai ??= entry
    for (const entry of key.anthropicModels ?? []) factsOf(entry.id).anthropic ??= entry
    for (const entry of key.geminiModels ?? []) factsOf(entry.name.replace(/^models\//, '')).gemini ??= entry
  }
  for (const entry of answers.pricing?.data ?? []) factsOf(entry.model_name).pricing = entry
  for (const id of ids) factsOf(id)

  // A list may name a model no group enables (an odd upstream): the world has no place for it.
  const wanted = new Set(ids)
  const models: ModelInput[] = []
  const withoutPrice: string[] = []
  const droppedTypes = new Set<string>()
  const assumed: string[] = []
  const named: string[] = []
  for (const model of facts.values()) {
    if (!wanted.has(model.id)) continue
    const imported = importedModel(model)
    models.push(imported.model)
    if (!model.pricing && !model.unpriced) withoutPrice.push(model.id)
    for (const type of imported.droppedTypes) droppedTypes.add(type)
    if (imported.assumedDimensions) assumed.push(`${model.id} (${imported.assumedDimensions})`)
    if (imported.kindFromName) named.push(`${model.id} (${imported.kindFromName})`)
  }

  const notes: string[] = []
  if (!answers.pricing) notes.push('no prices (no /api/pricing): every model costs the default 1 unit per token')
  else if (withoutPrice.length > 0) notes.push(`/api/pricing does not price ${withoutPrice.join(', ')}: 1 unit per token assumed`)
  if (unpriced.size > 0)
    notes.push(`the upstream hides ${[...unpriced].join(', ')} from keys whose groups enable them: imported without a price`)
  if (droppedTypes.size > 0) notes.push(`endpoint types the world does not model were left out: ${[...droppedTypes].join(', ')}`)
  if (assumed.length > 0) notes.push(`no route tells the dimensions of ${assumed.join(', ')}: assumed`)
  if (named.length > 0)
    notes.push(`no list tells what ${named.join(', ')} ${named.length === 1 ? 'does' : 'do'}: the kind is taken from the name`)
  return { models, notes }
}
