import type { z } from 'zod'
import { quotaPerUnit } from '../quota-units.ts'
import type { tokenSchema, userSchema, WorldInput } from '../schemas.ts'
import { importedModels } from './imported-models.ts'
import { listedTokens } from './listed-tokens.ts'
import { quotaAndExpiry, units } from './imported-token.ts'
import { inferKeyGroups, type KeyListing } from './infer-key-groups.ts'
import { knownGroups } from './known-groups.ts'
import { orderedGroups } from './ordered-groups.ts'
import { slugOf } from './slug.ts'
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

type UserInput = z.input<typeof userSchema>
type TokenInput = z.input<typeof tokenSchema>

export const defaultWorldSchemaPath = './node_modules/llm-gateway-mock/schemas/world.schema.json'
// The quota of a user no route describes: large enough that the keys' own quotas are what binds.
const unknownUserQuota = 1_000_000 * quotaPerUnit
const roles: Readonly<Record<number, UserInput['role']>> = { 1: 'user', 10: 'admin', 100: 'root' }

/**
 * The world an upstream gateway describes: each key sees the models it sees there, in the same
 * order, through the groups the upstream has (inferred from what each key lists, see
 * `inferKeyGroups`), at the upstream's prices and group ratios, with the quotas, limits and
 * expiry of each key. Pure: the answers were read by the caller (`llm-gateway-mock/node`'s
 * `importWorld`); docs/import.md explains each rule.
 */
export function buildImportedWorld(answers: UpstreamAnswers, options: ImportOptions): ImportedWorld {
  const notes: string[] = []
  const { pricing, status, self } = answers
  const selfUseMode = status?.self_use_mode_enabled === true
  const known = knownGroups(answers)
  const unknownRatios = [...known.values()].filter((group) => group.ratio === undefined).map((group) => group.name)
  if (unknownRatios.length > 0) notes.push(`the ratio of ${unknownRatios.join(', ')} is not told: 1 assumed`)

  // Which group each key the upstream lists models to belongs to.
  const listings = answers.keys.map((key, index): KeyListing => ({
    label: key.label,
    name: key.usage?.name ?? `key-${index + 1}`,
    listed: (key.models ?? []).map((model) => model.id),
    limits: key.usage?.model_limits_enabled ? new Set(Object.keys(key.usage.model_limits ?? {})) : null,
  }))
  const listedKeys = listings.filter((_, index) => answers.keys[index]!.models !== undefined)
  const autoGroups = (pricing?.auto_groups ?? []).filter((name) => known.has(name))
  const taken = new Set(known.keys())
  const freeName = (base: string) => {
    const stem = slugOf(base, 'imported')
    let name = stem
    for (let n = 2; taken.has(name); n++) name = `${stem}-${n}`
    taken.add(name)
    return name
  }
  const inference = inferKeyGroups(listedKeys, [...known.values()], { autoGroups, selfUseMode, userGroup: self?.group, freeName })
  notes.push(...inference.notes)
  const groupOf = new Map(listedKeys.map((listing, at) => [listing, inference.groupOf[at]!]))

  const ordered = orderedGroups(
    [...known.values(), ...inference.made.map((made) => ({ ...made, ratio: undefined, description: '' }))],
    listedKeys.map((listing) => ({ listed: listing.listed, group: groupOf.get(listing)! })),
    autoGroups,
  )
  const groups = ordered.groups
  notes.push(...ordered.notes)

  // The user: the access token's, or one standing for the keys' unknown owner, whose group is the first key's.
  const userGroup = self?.group ?? [...groupOf.values()].find((name) => name !== 'auto') ?? groups[0]?.name ?? 'default'
  if (!groups.some((group) => group.name === userGroup)) {
    groups.push({ name: userGroup, models: [] })
    notes.push(`the user's group "${userGroup}" is not described by the upstream: it enables no models here`)
  }
  const username = self?.username ?? 'imported'
  const accessToken = options.keepKeys && answers.accessToken ? answers.accessToken : options.freshAccessToken(username)
  const user: UserInput = {
    id: self?.id ?? 1,
    username,
    ...(self?.display_name ? { displayName: self.display_name } : {}),
    role: roles[self?.role ?? 1] ?? 'user',
    group: userGroup,
    extraGroups: groups.map((group) => group.name).filter((name) => name !== userGroup),
    quota: self ? units(self.quota) : unknownUserQuota,
    usedQuota: units(self?.used_quota ?? 0),
    requestCount: units(self?.request_count ?? 0),
    accessToken,
    ...(self?.email ? { email: self.email } : {}),
  }
  if (!self) {
    const why = answers.accessToken ? '/api/user/self did not answer' : 'no --access-token'
    notes.push(
      `the keys' owner is not told (${why}): user "${username}" holds them, with quota for 1 000 000 USD; a key whose owner has no quota left upstream works here where the upstream refuses it`,
    )
  } else if (answers.keys.length > 0) {
    notes.push(
      `the keys are imported as ${username}'s, on their quota: no route tells a key's owner, so a key of another user (one whose quota is spent, say) works here where the upstream refuses it`,
    )
  }

  const inWorld = [...new Set(groups.flatMap((group) => group.models ?? []))]
  const { models, notes: modelNotes } = importedModels(answers, inWorld, inference.unpriced)
  notes.push(...modelNotes)

  // The keys, fresh (or kept), with the upstream's quota, limits and expiry.
  const enabled = new Set(inWorld)
  const tokens: TokenInput[] = []
  const keys: ImportedKey[] = []
  answers.keys.forEach((key, index) => {
    const listing = listings[index]!
    const group = groupOf.get(listing) ?? userGroup
    const local = options.keepKeys ? key.key : options.freshKey(listing.name)
    const limits = listing.limits && [...listing.limits]
    const unknownLimits = limits?.filter((id) => !enabled.has(id)) ?? []
    if (unknownLimits.length > 0)
      notes.push(`${key.label}: its model limits name models no group enables, left out: ${unknownLimits.join(', ')}`)
    if (!key.models) notes.push(`${key.label}: the upstream refuses it (expired or out of quota): imported as it is, in the user's group`)
    const { known: quotaKnown, ...quota } = quotaAndExpiry(key, status)
    if (!quotaKnown) notes.push(`${key.label}: no route tells its quota: imported with unlimited quota`)
    tokens.push({
      key: local,
      name: listing.name,
      userId: user.id,
      group: group === userGroup ? null : group,
      ...quota,
      modelLimits: limits?.filter((id) => enabled.has(id)) ?? null,
    })
    keys.push({ label: key.label, upstream: key.masked, name: listing.name, local, group })
  })

  // The user's other tokens, as GET /api/token/ lists them: their keys come masked, so always fresh.
  const listed = listedTokens(answers, {
    userId: user.id,
    userGroup,
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
