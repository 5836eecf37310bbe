import { randomBytes } from 'node:crypto'
import { buildImportedWorld, type ImportedWorld } from '../../world/import/build-imported-world.ts'
import { slugOf } from '../../world/import/slug.ts'
import { resolveWorld } from '../../world/resolve-world.ts'
import { visibleModels } from '../../world/visibility.ts'
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
 * assumed. Throws an `UpstreamError` when the upstream cannot be reached or refuses a key.
 */
export async function importWorld(options: ImportWorldOptions): Promise<ImportedWorld> {
  const { answers, notes } = await readUpstream(options)
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
    const here = visibleModels(world, local, user).map((model) => model.id)
    const there = key.models.map((model) => model.id)
    if (here.join('\n') === there.join('\n')) return []
    return [`${key.label}: lists ${there.join(', ') || 'no models'} upstream but ${here.join(', ') || 'none'} here`]
  })
  return { ...imported, notes: [...notes, ...imported.notes, ...differences] }
}
