import type { TokenUsage } from '../billing/quota-cost.ts'
import type { SurfaceName } from '../http/surface-name.ts'

/**
 * The stage of the request pipeline (src/pipeline/run-pipeline.ts) that refused a request:
 * `authenticate` (the key or access token), `read-body` (the JSON body and its schema), `admit`
 * (the scenario, the model's visibility, rate limits, quota) or `handle` (the route's own checks,
 * such as the context window).
 */
export type PipelineStage = 'authenticate' | 'read-body' | 'admit' | 'handle'

/** One answered request, as the journal keeps it and the server's log line shows it. */
export interface RequestLogEntry {
  requestId: string
  /** ISO time on the gateway clock. */
  time: string
  method: string
  path: string
  surface: SurfaceName
  /** The route that answered (`openai.chat_completions`); `not_found` for a path no route serves. */
  route: string
  model?: string
  /** Whether the request asked for a stream; set for the routes that name a model, once they know. */
  stream?: boolean
  /** The presented API key, masked. */
  key?: string
  /** Tokens of a generation. */
  usage?: TokenUsage
  /** Quota units a generation debited. */
  quota?: number
  status: number
  /** The error code, when the request failed, as the client got it (the error's name where that code is empty). */
  code?: string
  /** The name of the error, when the request failed (see ErrorName). */
  error?: string
  /** The stage that raised the error, when the request failed. */
  stage?: PipelineStage
  /** The scenario rule or step that decided the answer, if one did. */
  decidedBy?: string
  /** What a management request changed, in one line (`created token 12 "ci"`). */
  changed?: string
  durationMs: number
}
