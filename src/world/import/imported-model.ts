import type { z } from 'zod'
import { endpointTypeSchema, type modelSchema } from '../schemas.ts'
import type { AnthropicListEntry, GeminiListEntry, OpenAIListEntry, PricingEntry } from './upstream-answers.ts'

type ModelInput = z.input<typeof modelSchema>

/** What the upstream's lists and pricing say of one model. */
export interface ModelFacts {
  id: string
  openai?: OpenAIListEntry
  anthropic?: AnthropicListEntry
  gemini?: GeminiListEntry
  pricing?: PricingEntry
  /** The upstream hides it from keys whose groups enable it: it has no price there. */
  unpriced: boolean
}

// No route tells an embedding model's vector length: the well-known models' own, else the commonest.
const knownDimensions: Readonly<Record<string, number>> = {
  'text-embedding-3-large': 3072,
  'text-embedding-3-small': 1536,
  'text-embedding-ada-002': 1536,
  'gemini-embedding-001': 3072,
  'text-embedding-004': 768,
}
const usualDimensions = 1536

export interface ImportedModel {
  model: ModelInput
  /** Endpoint types the upstream lists that the world cannot hold. */
  droppedTypes: string[]
  /** An embedding model whose dimensions were assumed. */
  assumedDimensions?: number
}

/** A world model from what the upstream says of it; what no route tells keeps the world's default. */
export function importedModel(facts: ModelFacts): ImportedModel {
  const { id, openai, anthropic, gemini, pricing } = facts
  const listedTypes = openai?.supported_endpoint_types ?? pricing?.supported_endpoint_types ?? []
  const endpointTypes = [
    ...new Set(listedTypes.filter((type) => endpointTypeSchema.safeParse(type).success)),
  ] as ModelInput['endpointTypes']
  const droppedTypes = listedTypes.filter((type) => !endpointTypeSchema.safeParse(type).success)
  const kind = kindOf(id, listedTypes, gemini?.supportedGenerationMethods)
  const displayName = [anthropic?.display_name, gemini?.displayName].find((name) => name && name !== id)
  const description = gemini?.description || pricing?.description || undefined
  const contextWindow = positive(anthropic?.max_input_tokens) ?? positive(gemini?.inputTokenLimit)
  // Google lists an output limit of 1 for embedding models: not a reply length.
  const maxOutputTokens = positive(anthropic?.max_tokens) ?? (kind === 'chat' ? positive(gemini?.outputTokenLimit) : undefined)
  const dimensions = kind === 'embedding' ? (knownDimensions[id] ?? usualDimensions) : undefined
  const model: ModelInput = {
    id,
    ...(kind === 'embedding' ? { kind, dimensions } : {}),
    ...(openai?.owned_by || pricing?.owner_by ? { ownedBy: openai?.owned_by || pricing?.owner_by || undefined } : {}),
    ...(displayName ? { displayName } : {}),
    ...(description ? { description } : {}),
    ...(endpointTypes && endpointTypes.length > 0 ? { endpointTypes } : {}),
    ...(typeof openai?.created === 'number' && openai.created >= 0 ? { created: Math.floor(openai.created) } : {}),
    ...(contextWindow !== undefined ? { contextWindow } : {}),
    ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
    ...(facts.unpriced ? { pricing: null } : pricing ? { pricing: priceOf(pricing) } : {}),
  }
  return {
    model,
    droppedTypes,
    ...(kind === 'embedding' && !(id in knownDimensions) ? { assumedDimensions: dimensions } : {}),
  }
}

/**
 * Chat or embedding: what Google's list says the model does, else an `embeddings` endpoint type
 * (this mock lists one), else the name (new-api lists an OpenAI channel's embedding models as chat
 * endpoints).
 */
function kindOf(id: string, types: readonly string[], methods: readonly string[] | null | undefined): 'chat' | 'embedding' {
  if (methods && methods.length > 0) return methods.includes('generateContent') || !methods.includes('embedContent') ? 'chat' : 'embedding'
  if (types.includes('embeddings')) return 'embedding'
  return /embed/i.test(id) ? 'embedding' : 'chat'
}

/** A `/api/pricing` entry as world pricing: `quota_type` 1 is a price per call, 0 ratios. */
function priceOf(entry: PricingEntry): NonNullable<ModelInput['pricing']> {
  if (entry.quota_type === 1) return { pricePerCall: Math.max(0, entry.model_price ?? 0) }
  return { ratio: Math.max(0, entry.model_ratio ?? 0), completionRatio: Math.max(0, entry.completion_ratio ?? 1) }
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined
}
