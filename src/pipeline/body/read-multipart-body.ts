import { z } from 'zod'
import { gatewayError } from '../../errors/gateway-error.ts'
import { readBodyBytes } from './read-json-body.ts'

/** A file part of a multipart body, read whole. */
export interface UploadedFile {
  name: string
  /** The part's content type, as the client labelled it (`''` when it did not). */
  type: string
  bytes: Uint8Array
}

/** A multipart body's fields: text as strings (a repeated name as a list), files as {@link UploadedFile}. */
export type FormFields = Record<string, string | string[] | UploadedFile>

/** A field that must hold a file upload; a missing one is `Field required`, as a missing JSON field is. */
export function uploadSchema() {
  return z.custom<UploadedFile>((value) => isUpload(value), {
    error: (issue) => (issue.input === undefined ? 'Field required' : 'expected a file upload, got a text field'),
  })
}

function isUpload(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as UploadedFile).bytes instanceof Uint8Array
}

/**
 * A `multipart/form-data` body (audio uploads), size-limited as it arrives, parsed with the
 * Fetch `formData()` that Node and browsers both have. A name sent as `name[]` (the OpenAI SDK's
 * arrays) is read as `name`. Anything else is `body_not_multipart`; a body the parser cannot
 * read is `body_unreadable`.
 */
export async function readMultipartBody(request: Request, limit: number): Promise<FormFields> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw gatewayError('body_not_multipart', { contentType: contentType || 'none' })
  const bytes = await readBodyBytes(request, limit)
  let form: FormData
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': contentType } }).formData()
  } catch (error) {
    throw gatewayError('body_unreadable', { detail: error instanceof Error ? error.message : String(error) })
  }
  // Without a prototype: a part may be named `__proto__`, `constructor` or `toString`, which a plain object already has.
  const fields: FormFields = Object.create(null)
  for (const [rawName, value] of form) {
    const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName
    const field =
      typeof value === 'string' ? value : { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) }
    const known = fields[name]
    if (known === undefined) fields[name] = rawName.endsWith('[]') && typeof field === 'string' ? [field] : field
    else if (Array.isArray(known) && typeof field === 'string') known.push(field)
    else if (typeof known === 'string' && typeof field === 'string') fields[name] = [known, field]
  }
  return fields
}
