import { gatewayError } from '../errors/gateway-error.ts'
import type { Model } from '../world/schemas.ts'

/** Refuses a request whose prompt plus requested output cannot fit the model's context window, with both numbers. */
export function assertFitsContext(model: Model, promptTokens: number, requestedOutput: number | undefined, param: string): void {
  const output = requestedOutput ?? 0
  const total = promptTokens + output
  if (total <= model.contextWindow) return
  throw gatewayError('context_too_long', { window: model.contextWindow, total, prompt: promptTokens, output }, { param })
}
