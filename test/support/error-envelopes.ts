export type SurfaceName = 'openai' | 'anthropic' | 'gemini' | 'dashboard' | 'admin'

const isMessage = (value: unknown) => typeof value === 'string' && value.trim() !== ''
const isRecord = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether an error body is in the envelope the surface's clients parse, with a message to show. */
const envelopes: Record<SurfaceName, (body: any, status: number) => boolean> = {
  openai: (body) =>
    isRecord(body.error) &&
    isMessage(body.error.message) &&
    typeof body.error.type === 'string' &&
    'param' in body.error &&
    'code' in body.error,
  anthropic: (body) =>
    body.type === 'error' && isRecord(body.error) && typeof body.error.type === 'string' && isMessage(body.error.message),
  gemini: (body, status) =>
    isRecord(body.error) && body.error.code === status && isMessage(body.error.message) && typeof body.error.status === 'string',
  dashboard: (body) => body.success === false && isMessage(body.message),
  admin: (body) => isRecord(body.error) && typeof body.error.code === 'string' && isMessage(body.error.message),
}

/** What is wrong with an error answer for `surface`, or `undefined` when it is well formed. */
export function envelopeProblem(surface: SurfaceName, status: number, contentType: string | undefined, text: string): string | undefined {
  if (!contentType?.startsWith('application/json')) return `content-type ${contentType ?? '(none)'} is not JSON`
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `the body is not JSON: ${text.slice(0, 200)}`
  }
  if (!isRecord(body) || !envelopes[surface](body, status)) return `not the ${surface} envelope: ${text.slice(0, 300)}`
  return undefined
}
