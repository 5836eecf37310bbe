import type { PipelineContext } from './pipeline-context.ts'

/**
 * Stage 1, authenticate: who is asking. The route's auth requirement reads the credential where
 * the profile says routes like it carry one and resolves it against the world (`context.auth`),
 * or raises `key_*` / `access_*`.
 */
export function authenticate(context: PipelineContext): void {
  context.auth = context.route.auth.resolve(context)
}
