import { z } from 'zod'
import { invalidParams } from './admin-messages.ts'

/**
 * The body these routes take: any JSON object, read field by field below as Go's decoder reads it
 * into new-api's structs (a field of the wrong type is new-api's "Invalid parameters"; null and
 * absent are the zero value).
 */
export const jsonObjectBody = { schema: z.record(z.string(), z.unknown()) }

export type JsonObject = Readonly<Record<string, unknown>>

export function stringField(body: JsonObject, name: string): string | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalidParams()
  return value
}

export function integerField(body: JsonObject, name: string): number | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidParams()
  return value
}
