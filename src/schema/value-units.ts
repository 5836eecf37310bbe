import { z } from 'zod'

/**
 * What a number field counts, where its name does not say: a mistake in it says so (a quota of -5
 * "must be 0 or more (in units; 500 000 = 1 USD)"). A registry of its own, so that the JSON Schema
 * editors read, made from the global one, does not carry it. World schemas register their units
 * here; the definitions' messages (src/definitions/) read them.
 */
export function valueUnits(): z.core.$ZodRegistry<{ unit: string }> {
  // Made on first use, as the schemas that register in it are: no zod object is made when a module loads (lazy-schema.ts).
  return (registry ??= z.registry<{ unit: string }>())
}
let registry: z.core.$ZodRegistry<{ unit: string }> | undefined

/** " (in units; …)" for a value checked against one of `schemas` that has a unit, else "". */
export function unitNote(schemas: readonly z.ZodType[]): string {
  const unit = schemas.map((schema) => valueUnits().get(schema)?.unit).find((found) => found !== undefined)
  return unit === undefined ? '' : ` (${unit})`
}
