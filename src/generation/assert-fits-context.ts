import { GatewayError } from '../errors/gateway-error.ts'
import type { Model } from '../world/schemas.ts'

/**
 * Refuses a request whose prompt plus requested output cannot fit the model's context window,
 * with both numbers in the message (OpenAI's wording, which clients and people recognise).
 */
export function assertFitsContext(model: Model, promptTokens: number, requestedOutput: number | undefined, param: string): void {
  const output = requestedOutput ?? 0
  const total = promptTokens + output
  if (total <= model.contextWindow) return
  throw new GatewayError(
    'context_length_exceeded',
    `This model's maximum context length is ${model.contextWindow} tokens. However, you requested ${total} tokens ` +
      `(${promptTokens} in the messages, ${output} in the completion). Please reduce the length of the messages or completion.`,
    { param },
  )
}
