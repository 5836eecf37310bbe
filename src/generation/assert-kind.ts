import { gatewayError } from '../errors/gateway-error.ts'
import type { Model, ModelKind } from '../world/schemas.ts'
import type { AdmittedRequest } from './admitted-request.ts'

const described: Record<ModelKind, string> = {
  chat: 'a chat model',
  embedding: 'an embedding model',
  completion: 'a completion (instruct) model',
  image: 'an image model',
  speech: 'a speech model',
  transcription: 'a transcription model',
  moderation: 'a moderation model',
  rerank: 'a rerank model',
  realtime: 'a realtime model',
}

/** The admitted model, if it is of a kind the route serves; else `model_kind_mismatch`, naming both. */
export function assertKind(context: AdmittedRequest, kinds: readonly ModelKind[]): Model {
  const { model } = context.admission
  if (kinds.includes(model.kind)) return model
  throw gatewayError(
    'model_kind_mismatch',
    {
      model: model.id,
      kind: model.kind,
      described: described[model.kind],
      expected: kinds.map((kind) => described[kind]).join(' or '),
      route: `${context.request.method} ${context.pathname}`,
    },
    { param: 'model' },
  )
}
