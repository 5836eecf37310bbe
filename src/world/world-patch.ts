import { z } from 'zod'
import { worldSettingsSchema } from './schemas.ts'

const entry = <Key extends string>(key: Key, type: z.ZodType) => z.looseObject({ [key]: type } as Record<Key, z.ZodType>)

/**
 * A change to an existing world: records whose identity (group `name`, user `id`, token `key`,
 * model `id`) exists are updated field by field; new identities are added as whole records;
 * `remove` deletes by identity.
 */
export const worldPatchSchema = z.strictObject({
  $schema: z.string().optional(),
  extends: z.literal('default'),
  settings: worldSettingsSchema.partial().optional(),
  groups: z.array(entry('name', z.string())).optional(),
  users: z.array(entry('id', z.int())).optional(),
  tokens: z.array(entry('key', z.string())).optional(),
  models: z.array(entry('id', z.string())).optional(),
  remove: z
    .strictObject({
      groups: z.array(z.string()).optional(),
      users: z.array(z.int()).optional(),
      tokens: z.array(z.string()).optional(),
      models: z.array(z.string()).optional(),
    })
    .optional(),
})

export type WorldPatch = z.input<typeof worldPatchSchema>

/** The same changes applied to whatever world is current (a scenario's `world`): no `extends`. */
export const worldChangesSchema = worldPatchSchema.omit({ $schema: true, extends: true })

export type WorldChanges = z.input<typeof worldChangesSchema>

export function isWorldPatch(value: unknown): value is WorldPatch {
  return typeof value === 'object' && value !== null && 'extends' in value
}
