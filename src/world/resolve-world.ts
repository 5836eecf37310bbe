import { applyWorldPatch } from './patch/apply-world-patch.ts'
import { checkModelsEnabled, checkWorldReferences } from './check-world-references.ts'
import { defaultWorld } from './default-world.ts'
import { defaultWorldData } from './default-world-data.ts'
import { worldSchema, type WorldData, type WorldInput } from './schemas.ts'
import { formatPath } from '../definitions/format-path.ts'
import { WorldError } from './world-error.ts'
import type { DefinitionIssue } from '../definitions/definition-error.ts'
import { isWorldPatch, worldChangesSchema, worldPatchSchema, type WorldChanges, type WorldPatch } from './patch/world-patch.ts'
import { zodIssues } from '../definitions/zod-issues.ts'
import { patchReferences, wholeWorldReferences } from './references-despite-schema.ts'

/** What a gateway can be given as its world: a whole world, or a patch on the default one. */
export type WorldDefinition = WorldInput | WorldPatch

type Segment = string | number

/**
 * The worlds `resolveWorld` made. One of them given again (the CLI loads `--world FILE`, then
 * hands the world to `createGateway`) is a whole world by then, but was checked as the file it
 * came from, where a patch may take models out of every group on purpose.
 */
const resolved = new WeakSet<WorldData>()

/**
 * Validates a world definition (whole or patch) into a complete world, or throws a
 * `WorldError` naming `source`, the path inside it and what to change.
 */
export function resolveWorld(definition: WorldDefinition = defaultWorld, source = 'definition'): WorldData {
  const world = resolveDefinition(definition, source)
  resolved.add(world)
  return world
}

function resolveDefinition(definition: WorldDefinition, source: string): WorldData {
  // The built-in world needs no checking (a test resolves it through the same checks as any other).
  if (definition === defaultWorld) return defaultWorldData()
  if (isWorldPatch(definition)) {
    const { $schema: _schema, extends: _extends, ...changes } = definition
    const parsed = worldPatchSchema.safeParse(definition, { reportInput: true })
    if (!parsed.success) {
      const issues = zodIssues(worldPatchSchema, parsed.error)
      throw new WorldError(source, [...issues, ...patchReferences(defaultWorldData(), changes, worldChangesSchema, parsed.error, issues)])
    }
    return patched(applyWorldPatch(defaultWorldData(), changes), source)
  }
  const parsed = worldSchema.safeParse(definition, { reportInput: true })
  if (!parsed.success) {
    const issues = withExtendsHint(definition, zodIssues(worldSchema, parsed.error))
    throw new WorldError(source, [...issues, ...wholeWorldReferences(definition, parsed.error, issues)])
  }
  const written = !resolved.has(definition as WorldData)
  const issues = [...checkWorldReferences(parsed.data), ...(written ? checkModelsEnabled(parsed.data) : [])].map(
    ({ kind, index, field, item, message }): DefinitionIssue => ({
      path: formatPath(
        kind === 'settings'
          ? [kind, field, ...(item === undefined ? [] : [item])]
          : [kind, index, field, ...(item === undefined ? [] : [item])],
      ),
      message,
    }),
  )
  if (issues.length > 0) throw new WorldError(source, issues)
  return parsed.data
}

/**
 * `base` with `changes` applied (a scenario's world patch), or a `WorldError` naming `source`
 * with paths prefixed by `at` (`world` for a scenario). The same rules as a world file's patch,
 * on any world instead of the default one.
 */
export function patchWorld(base: WorldData, changes: WorldChanges, source: string, at: readonly Segment[] = []): WorldData {
  const parsed = worldChangesSchema.safeParse(changes, { reportInput: true })
  if (!parsed.success) throw new WorldError(source, zodIssues(worldChangesSchema, parsed.error, at))
  return patched(applyWorldPatch(base, changes, at), source)
}

function patched(result: { world?: WorldData; issues: DefinitionIssue[] }, source: string): WorldData {
  if (!result.world) throw new WorldError(source, result.issues)
  return result.world
}

const collections = ['groups', 'users', 'tokens', 'models'] as const

/** A file that reads like a patch but lacks `"extends"` was meant to be one: say so instead of listing what a whole world lacks. */
function withExtendsHint(definition: unknown, issues: DefinitionIssue[]): DefinitionIssue[] {
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) return issues
  const fields = definition as Record<string, unknown>
  const missing = collections.filter((name) => fields[name] === undefined)
  const patchOnly = ['every', 'remove'].filter((name) => name in fields)
  if (missing.length === 0 && patchOnly.length === 0) return issues
  const rest = issues.filter((issue) => !missing.includes(issue.path as never) && !patchOnly.includes(issue.path as never))
  const lacks = missing.length > 0 ? ` (this one has no ${missing.map((name) => `"${name}"`).join(', ')})` : ''
  const uses = patchOnly.length > 0 ? `; ${patchOnly.map((name) => `"${name}"`).join(' and ')} only work in a patch` : ''
  return [
    {
      path: '',
      message: `a whole world needs "groups", "users", "tokens" and "models"${lacks}${uses}. To change the default world instead, add "extends": "default"`,
    },
    ...rest,
  ]
}
