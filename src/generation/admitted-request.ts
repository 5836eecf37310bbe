import type { TokenUsage } from '../billing/quota-cost.ts'
import type { SurfaceName } from '../http/surface-name.ts'
import type { ComposedReply } from '../journal/request-detail.ts'
import type { Action } from '../scenarios/scenario-schema.ts'
import type { Group, Model, Token, User } from '../world/schemas.ts'
import type { Replayed } from './replayed-reply.ts'

/**
 * What generate() and embed() read of a request the pipeline has admitted: the surface, the key
 * and its owner, what admission settled, the gateway clock's now, and where the request log's
 * facts go. Spelled out here rather than taken from the pipeline, so that generation depends
 * only on what it uses; a route's context fits it as it is.
 */
export interface AdmittedRequest {
  surface: SurfaceName
  /** The request's method and path, which refusals name. */
  request: { method: string }
  pathname: string
  auth: { token: Token; user: User; maskedKey: string }
  admission: { model: Model; group: Group | undefined; action: Action }
  /** The gateway clock: `created` in replies reads it. */
  runtime: { clock: { now(): number } }
  note: { usage?: TokenUsage; quota?: number; reply?: ComposedReply }
  /**
   * A recording that answers this request (a replay, src/recording/with-replay.ts sets it):
   * generate() and embed() use its content instead of composing or computing one, after every
   * check the world makes.
   */
  replayed?: Replayed
}
