export const generateActions = ['generateContent', 'streamGenerateContent', 'countTokens'] as const
export type GenerateAction = (typeof generateActions)[number]

export interface GenerateTarget {
  model: string
  action: GenerateAction
}

/**
 * The model and action of `models/{model}:{action}`, from the path segment after `models/`.
 * Split at the last ':' so a model id may itself contain one; a `models/` prefix (an encoded
 * full resource name) is dropped. `undefined` when the action is missing or not one we serve.
 */
export function parseGenerateTarget(segment: string): GenerateTarget | undefined {
  const colon = segment.lastIndexOf(':')
  if (colon < 0) return undefined
  const action = segment.slice(colon + 1)
  if (!isGenerateAction(action)) return undefined
  return { model: segment.slice(0, colon).replace(/^models\//, ''), action }
}

function isGenerateAction(value: string): value is GenerateAction {
  return (generateActions as readonly string[]).includes(value)
}
