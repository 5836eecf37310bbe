import { gatewayError } from '../errors/gateway-error.ts'
import type { Model } from '../world/schemas.ts'
import { assertKind } from './assert-kind.ts'
import { chargeRequest } from './charge-request.ts'
import { embedText } from './embed-text.ts'
import { loadTokenizer } from './tokenizer.ts'
import type { AdmittedRequest } from './admitted-request.ts'

/** One text to embed, in surface-neutral form. */
export interface EmbeddingInput {
  text: string
  /** Its size when the client sent token ids rather than text (their count); otherwise the text is counted. */
  tokens?: number
  /** Its vector's length, when the request asks per input (Gemini's batches); else the request's. */
  dimensions?: number
}

/** What an embedding request asks beyond its inputs, with the body's names for its fields (for `error.param`). */
export interface EmbeddingOptions {
  /** The vectors' length, unless an input says; the model's own when absent. */
  dimensions: number | undefined
  /** The body field that holds the inputs (`input`, `content`, `requests`). */
  field: string
  /** The body field that holds the dimensions (`dimensions`, `outputDimensionality`). */
  dimensionsField: string
}

/** Embeddings that have been computed and paid for: all a surface needs to write its reply. */
export interface Embeddings {
  model: Model
  /** One unit vector per input, in order. */
  vectors: number[][]
  /** The inputs' tokens, all together: what is billed and reported as usage. */
  promptTokens: number
}

/**
 * Embeds the inputs of an admitted request (see 3-admit.ts), the same on every surface: the model
 * must be an embedding model, the dimensions at most its own, each input within its input limit
 * (`contextWindow`); the inputs' tokens are debited from the key and its user at the model's
 * ratio (an embedding has no completion), and each input gets a deterministic vector (or, replayed,
 * the recorded one).
 */
export async function embed(context: AdmittedRequest, inputs: readonly EmbeddingInput[], options: EmbeddingOptions): Promise<Embeddings> {
  const { model } = context.admission
  if (model.kind === 'chat') throw gatewayError('model_not_embedding', { model: model.id, field: options.field }, { param: 'model' })
  assertKind(context, ['embedding'])
  if (model.dimensions === undefined) throw new Error(`embedding model ${model.id} has no dimensions`)
  const full = model.dimensions
  const dimensionsOf = (input: EmbeddingInput) => input.dimensions ?? options.dimensions ?? full
  for (const input of inputs) {
    const requested = dimensionsOf(input)
    if (requested > full) {
      throw gatewayError('dimensions_too_large', { model: model.id, requested, max: full }, { param: options.dimensionsField })
    }
  }

  const tokenizer = await loadTokenizer()
  let counted = 0
  for (const input of inputs) {
    const tokens = input.tokens ?? tokenizer.count(input.text)
    if (tokens > model.contextWindow) {
      const sizes = { window: model.contextWindow, total: tokens, prompt: tokens, output: 0 }
      throw gatewayError('context_too_long', sizes, { param: options.field })
    }
    counted += tokens
  }
  const replayed = context.replayed?.kind === 'embeddings' ? context.replayed : undefined
  const { promptTokens } = chargeRequest(context, { promptTokens: replayed?.promptTokens ?? counted, completionTokens: 0 })

  const vectors = replayed
    ? replayed.vectors.map((vector) => [...vector])
    : inputs.map((input) => embedText(input.text, dimensionsOf(input), full, model.id))
  return { model, vectors, promptTokens }
}
