import type { PipelineContext } from './pipeline-context.ts'
import type { Reply } from './reply.ts'

/**
 * Stage 4, handle: the route's own work, on what the stages before it settled (auth, body,
 * admission). It returns a reply as data (JSON or a stream plan) or raises; it never builds a
 * `Response` or picks an error status.
 */
export function handle(context: PipelineContext): Reply | Promise<Reply> {
  return context.route.handle(context)
}
