import { randomBytes } from 'node:crypto'
import { buildImportedWorld, type ImportedWorld } from '../../world/import/build-imported-world.ts'
import { slugOf } from '../../text/slug.ts'
import { resolveWorld } from '../../world/resolve-world.ts'
import type { GeminiListEntry } from '../../world/import/upstream-answers.ts'
import type { Model } from '../../world/schemas.ts'
import { visibleModels } from '../../world/visibility.ts'
import { toGeminiModel } from '../../surfaces/gemini/gemini-model.ts'
import { World } from '../../world/world.ts'
import { readUpstream, type ReadUpstreamOptions } from './read-upstream.ts'

export interface ImportWorldOptions extends ReadUpstreamOptions {
  /** Keep the upstream's keys and access token in the world instead of fresh local ones: the world then holds secrets. */
  keepKeys?: boolean
  /** Where the world's `$schema` points (default: the schema in `node_modules/llm-gateway-mock`). */
  schema?: string
}

/**
 * Imports an upstream gateway's world (new-api, one-api, or this mock): reads it with the keys
 * and access token given, and builds a world in which each key (a fresh local one, named after
 * the upstream token, unless `keepKeys`) sees exactly the models it sees upstream, grouped and
 * priced as the upstream does. The world is checked as `--world` would check it, and each key's
 * model list against the upstream's; `notes` says what the upstream did not tell and what was
 * assumed. Throws a `TypeError` for an upstream URL it cannot use (as `startRecorder` does) and an
 * `UpstreamError` when the upstream cannot be reached or refuses a key.
 */
export async function importWorld(options: ImportWorldOptions): Promise<ImportedWorld> {
  const { answers, notes, newApi } = await readUpstream(options)
  const used = new Set<string>()
  const fresh = (prefix: string, name: string) => {
    let value: string
    do value = `${prefix}-${slugOf(name)}-${randomBytes(4).toString('hex')}`
    while (used.has(value))
    used.add(value)
    return value
  }
  const imported = buildImportedWorld(answers, {
    keepKeys: options.keepKeys ?? false,
    freshKey: (name) => fresh('sk', name),
    freshAccessToken: (username) => fresh('at', username),
    schema: options.schema,
  })
  // A world the import builds wrong is a bug: resolving it throws the WorldError that says where.
  const world = await World.create(resolveWorld(imported.world, 'the imported world'))
  const differences = answers.keys.flatMap((key, index) => {
    const local = world.findToken(imported.keys[index]!.local)
    const user = local && world.findUser(local.userId)
    if (!key.models || !local || !user) return []
    const visible = visibleModels(world, local, user)
    const here = visible.map((model) => model.id)
    const there = key.models.map((model) => model.id)
    const listed =
      here.join('\n') === there.join('\n')
        ? []
        : [`${key.label}: lists ${there.join(', ') || 'no models'} upstream but ${here.join(', ') || 'none'} here`]
    return [...listed, ...kindDifferences(key.label, visible, key.geminiModels ?? [])]
  })
  return { ...imported, notes: [...notes, ...imported.notes, ...differences], ...(newApi && { profile: 'new-api' as const }) }
}

/**
 * Where the upstream's Gemini list tells what a model does (the methods it serves: generating,
 * embedding, or neither), whether the kind imported serves the same: a model imported as chat
 * that the upstream serves as speech would answer here where the upstream refuses.
 */
function kindDifferences(label: string, visible: readonly Model[], listed: readonly GeminiListEntry[]): string[] {
  const byId = new Map(visible.map((model) => [model.id, model]))
  return listed.flatMap((entry) => {
    const model = byId.get(entry.name.replace(/^models\//, ''))
    const there = entry.supportedGenerationMethods
    if (!model || !Array.isArray(there)) return []
    const here = toGeminiModel(model).supportedGenerationMethods
    if ([...here].sort().join() === [...there].sort().join()) return []
    return [
      `${label}: ${model.id} is a ${model.kind} model here, but the upstream's Gemini list gives it ${there.join(', ') || 'no methods'}`,
    ]
  })
}
