import type { WorldInput } from '../schemas.ts'
import { importedGroups } from './imported-groups.ts'
import { importedModels } from './imported-models.ts'
import { importedUser } from './imported-user.ts'
import { keyTokens } from './key-tokens.ts'
import { listedTokens } from './listed-tokens.ts'
import type { UpstreamAnswers } from './upstream-answers.ts'
import type { ImportedKey } from './imported-key.ts'

export type { ImportedKey }

export interface ImportOptions {
  /** Write the upstream's keys and access token into the world instead of fresh ones. */
  keepKeys: boolean
  /** A fresh local key standing for the upstream token named `name` (`sk-<name>-<random>`). */
  freshKey(name: string): string
  /** A fresh access token for the user named `username`. */
  freshAccessToken(username: string): string
  /** Where the world file's `$schema` points. */
  schema?: string
}

export interface ImportedWorld {
  world: WorldInput & { $schema: string }
  keys: ImportedKey[]
  /** The imported user's access token, when the import read the user. */
  accessToken?: string
  /** What the import had to assume or leave out, one line each. */
  notes: string[]
  /** `new-api` when the upstream is new-api (it answers with `X-New-Api-Version`): serve the world with `--profile new-api`. */
  profile?: 'new-api'
}

export const defaultWorldSchemaPath = './node_modules/llm-gateway-mock/schemas/world.schema.json'
/**
 * The world an upstream gateway describes: each key sees the models it sees there, in the same
 * order, through the groups the upstream has (inferred from what each key lists, see
 * `inferKeyGroups`), at the upstream's prices and group ratios, with the quotas, limits and
 * expiry of each key. Pure: the answers were read by the caller (`llm-gateway-mock/node`'s
 * `importWorld`); docs/import.md explains each rule.
 */
export function buildImportedWorld(answers: UpstreamAnswers, options: ImportOptions): ImportedWorld {
  const notes: string[] = []
  const { status, self } = answers
  const selfUseMode = status?.self_use_mode_enabled === true
  const imported = importedGroups(answers, selfUseMode, notes)
  const { groups, autoGroups } = imported
  const { user, accessToken } = importedUser(answers, options, imported, notes)

  const inWorld = [...new Set(groups.flatMap((group) => group.models ?? []))]
  const { models, notes: modelNotes } = importedModels(answers, inWorld, imported.unpriced)
  notes.push(...modelNotes)

  // The keys, fresh (or kept), with the upstream's quota, limits and expiry.
  const enabled = new Set(inWorld)
  const { tokens, keys } = keyTokens(answers, imported, user, enabled, options, notes)

  // The user's other tokens, as GET /api/token/ lists them: their keys come masked, so always fresh.
  const listed = listedTokens(answers, {
    userId: user.id,
    userGroup: user.group,
    groups: new Set(groups.map((group) => group.name)),
    enabled,
    freshKey: options.freshKey,
  })
  tokens.push(...listed.tokens)
  keys.push(...listed.keys)
  notes.push(...listed.notes)

  const world: ImportedWorld['world'] = {
    $schema: options.schema ?? defaultWorldSchemaPath,
    settings: { selfUseMode, autoGroups, ...(status?.system_name ? { systemName: status.system_name } : {}) },
    groups,
    users: [user],
    tokens,
    models,
  }
  return { world, keys, ...(self ? { accessToken } : {}), notes }
}
