import type { z } from 'zod'
import { defaultWorld } from './default-world.ts'
import { checkWorldReferences } from './check-world-references.ts'
import {
  groupSchema,
  modelSchema,
  tokenSchema,
  userSchema,
  worldSchema,
  worldSettingsSchema,
  type WorldData,
  type WorldInput,
} from './schemas.ts'
import { formatPath, WorldError, type WorldIssue } from './world-error.ts'
import { isWorldPatch, worldPatchSchema, type WorldChanges, type WorldPatch } from './world-patch.ts'

/** What a gateway can be given as its world: a whole world, or a patch on the default one. */
export type WorldDefinition = WorldInput | WorldPatch

/**
 * Validates a world definition (whole or patch) into a complete world, or throws a
 * `WorldError` naming `source`, the path inside it and what was expected.
 */
export function resolveWorld(definition: WorldDefinition = defaultWorld, source = 'definition'): WorldData {
  const issues: WorldIssue[] = []
  const world = isWorldPatch(definition) ? applyPatch(definition, issues) : parse(worldSchema, definition, '', issues)
  if (world) issues.push(...checkWorldReferences(world))
  if (issues.length > 0 || !world) throw new WorldError(source, issues)
  return world
}

function parse<Schema extends z.ZodType>(schema: Schema, value: unknown, at: string, issues: WorldIssue[]): z.output<Schema> | undefined {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  for (const issue of result.error.issues) {
    const path = formatPath(issue.path)
    issues.push({ path: at && path ? `${at}.${path}`.replace('.[', '[') : at || path, message: issue.message })
  }
  return undefined
}

const collections = [
  { name: 'groups', identity: 'name', schema: groupSchema },
  { name: 'users', identity: 'id', schema: userSchema },
  { name: 'tokens', identity: 'key', schema: tokenSchema },
  { name: 'models', identity: 'id', schema: modelSchema },
] as const

/**
 * `base` with `changes` applied (a scenario's world patch), or a `WorldError` naming `source`.
 * The same merge rules as a world file's patch, on any world instead of the default one.
 */
export function patchWorld(base: WorldData, changes: WorldChanges, source: string): WorldData {
  const issues: WorldIssue[] = []
  const world = applyPatch({ ...changes, extends: 'default' }, issues, base)
  if (world) issues.push(...checkWorldReferences(world))
  if (issues.length > 0 || !world) throw new WorldError(source, issues)
  return world
}

function applyPatch(patch: WorldPatch, issues: WorldIssue[], base: WorldData = worldSchema.parse(defaultWorld)): WorldData | undefined {
  const parsed = parse(worldPatchSchema, patch, '', issues)
  if (!parsed) return undefined
  const settings = parse(worldSettingsSchema, { ...base.settings, ...parsed.settings }, 'settings', issues)
  const next: Record<string, unknown[]> = {}

  for (const { name, identity, schema } of collections) {
    const removed = new Set<unknown>(parsed.remove?.[name] ?? [])
    const records: Record<string, unknown>[] = base[name].filter((record) => !removed.has((record as Record<string, unknown>)[identity]))
    const changes = (parsed[name] ?? []) as Record<string, unknown>[]
    changes.forEach((change, index) => {
      const at = records.findIndex((record) => record[identity] === change[identity])
      const merged = parse(schema, at === -1 ? change : { ...records[at], ...change }, `${name}[${index}]`, issues)
      if (!merged) return
      if (at === -1) records.push(merged)
      else records[at] = merged
    })
    next[name] = records
  }

  if (!settings) return undefined
  return { settings, ...next } as WorldData
}
