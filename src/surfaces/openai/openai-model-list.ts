import type { ProfileShapes } from '../../profiles/profile-type.ts'
import type { Model } from '../../world/schemas.ts'
import { toOpenAIModel } from './openai-model.ts'

// new-api lists every model as made available on this date (controller/model.go).
const newApiCreated = 1626777600

const shapes: Record<ProfileShapes['openaiModelList'], (models: readonly Model[]) => unknown> = {
  spec: (models) => ({ success: true, object: 'list', data: models.map(toOpenAIModel) }),
  // A Go map: keys sorted.
  'new-api': (models) => ({
    data: models.map((model) => ({ ...toOpenAIModel(model), created: newApiCreated })),
    object: 'list',
    success: true,
  }),
}

/** The OpenAI list of `models` in the profile's shape. */
export function openAIModelList(shape: ProfileShapes['openaiModelList'], models: readonly Model[]): unknown {
  return shapes[shape](models)
}
