import type { z } from 'zod'
import { endpointTypeSchema, type ModelKind, type modelSchema } from '../schemas.ts'
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
  /** The kind, when no list told it and the model's name did (a well-known name). */
  kindFromName?: ModelKind
}

/** A world model from what the upstream says of it; what no route tells keeps the world's default. */
export function importedModel(facts: ModelFacts): ImportedModel {
  const { id, openai, anthropic, gemini, pricing } = facts
  const listedTypes = openai?.supported_endpoint_types ?? pricing?.supported_endpoint_types ?? []
  const endpointTypes = [
    ...new Set(listedTypes.filter((type) => endpointTypeSchema.safeParse(type).success)),
  ] as ModelInput['endpointTypes']
  const droppedTypes = listedTypes.filter((type) => !endpointTypeSchema.safeParse(type).success)
  const { kind, fromName } = kindOf(id, listedTypes, gemini?.supportedGenerationMethods)
  const displayName = [anthropic?.display_name, gemini?.displayName].find((name) => name && name !== id)
  const description = gemini?.description || pricing?.description || undefined
  const contextWindow = positive(anthropic?.max_input_tokens) ?? positive(gemini?.inputTokenLimit)
  // Google lists an output limit of 1 for embedding models: not a reply length.
  const maxOutputTokens = positive(anthropic?.max_tokens) ?? (kind === 'chat' ? positive(gemini?.outputTokenLimit) : undefined)
  const dimensions = kind === 'embedding' ? (knownDimensions[id] ?? usualDimensions) : undefined
  const model: ModelInput = {
    id,
    ...(kind === 'embedding' ? { kind, dimensions } : kind === 'chat' ? {} : { kind }),
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
    ...(fromName ? { kindFromName: kind } : {}),
  }
}

// The kinds an endpoint type tells: the routes it names serve one kind of model.
const kindByType: readonly (readonly [string, ModelKind])[] = [
  ['image-generation', 'image'],
  ['jina-rerank', 'rerank'],
  ['embeddings', 'embedding'],
]

// Well-known names, for a model no list tells the kind of: new-api lists most models of an OpenAI
// channel with the `openai` endpoint type alone, whatever they do. An open model named `…-Instruct`
// is a chat model: only OpenAI's own instruct models answer completions alone.
const kindByName: readonly (readonly [RegExp, ModelKind])[] = [
  [/embed/i, 'embedding'],
  [/rerank/i, 'rerank'],
  [/(?:^|[-_.])tts(?:$|[-_.])|speech/i, 'speech'],
  [/whisper|transcri/i, 'transcription'],
  [/moderation/i, 'moderation'],
  [/realtime/i, 'realtime'],
  [/^gpt-[\d.]+(?:-turbo)?-instruct|^(?:text-)?(?:davinci|babbage)(?:-\d+)?$/i, 'completion'],
  [/^(?:dall-e|gpt-image|imagen)/i, 'image'],
]

/**
 * What a model does: what Google's list says (generates or embeds), else an endpoint type that
 * names one kind's routes (`image-generation`, `jina-rerank`, `embeddings`), else a well-known name
 * (`tts-1`, `whisper-1`, `omni-moderation-latest`, `gpt-realtime`, `gpt-3.5-turbo-instruct`, …),
 * else chat.
 */
function kindOf(
  id: string,
  types: readonly string[],
  methods: readonly string[] | null | undefined,
): { kind: ModelKind; fromName: boolean } {
  if (methods?.includes('generateContent')) return { kind: 'chat', fromName: false }
  if (methods?.includes('embedContent')) return { kind: 'embedding', fromName: false }
  const typed = kindByType.find(([type]) => types.includes(type))
  if (typed) return { kind: typed[1], fromName: false }
  const named = kindByName.find(([pattern]) => pattern.test(id))
  return named ? { kind: named[1], fromName: true } : { kind: 'chat', fromName: false }
}

/** A `/api/pricing` entry as world pricing: `quota_type` 1 is a price per call, 0 ratios. */
function priceOf(entry: PricingEntry): NonNullable<ModelInput['pricing']> {
  if (entry.quota_type === 1) return { pricePerCall: Math.max(0, entry.model_price ?? 0) }
  return { ratio: Math.max(0, entry.model_ratio ?? 0), completionRatio: Math.max(0, entry.completion_ratio ?? 1) }
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined
}
