import { gatewayError } from '../../errors/gateway-error.ts'
import type { ProfileShapes } from '../../profiles/profile-type.ts'

/** The model a body names, else the profile's default for the route's kind, else `body_model_missing`. */
export function modelOrDefault(
  model: string | null | undefined,
  kind: keyof ProfileShapes['defaultModels'],
  shapes: ProfileShapes,
): string {
  if (model) return model
  const fallback = shapes.defaultModels[kind]
  if (fallback) return fallback
  throw modelMissing()
}

/** A request that names no model where it must: `body_model_missing`, as a body without `model` fails its schema. */
export function modelMissing() {
  return gatewayError(
    'body_model_missing',
    { field: 'model', problem: 'Field required', detail: 'model: Field required' },
    { param: 'model' },
  )
}
