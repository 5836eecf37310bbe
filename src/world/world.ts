import { Collection } from '@msw/data'
import { normalizeKey } from './normalize-key.ts'
import {
  groupSchema,
  modelSchema,
  tokenSchema,
  userSchema,
  type Group,
  type Model,
  type Token,
  type User,
  type WorldData,
  type WorldSettings,
} from './schemas.ts'

/**
 * The gateway's in-memory state: one `@msw/data` collection per record kind, plus settings.
 * Records are live: change them (directly or with the collections' `update`) and the next
 * request sees the change.
 */
// Normalised once per record (and again if its key changes), not once per record per request.
const normalizedKeys = new WeakMap<Token, { key: string; normalized: string }>()

function normalizedKeyOf(token: Token): string {
  const known = normalizedKeys.get(token)
  if (known?.key === token.key) return known.normalized
  const normalized = normalizeKey(token.key)
  normalizedKeys.set(token, { key: token.key, normalized })
  return normalized
}

export class World {
  settings: WorldSettings
  readonly groups = new Collection({ schema: groupSchema })
  readonly users = new Collection({ schema: userSchema })
  readonly tokens = new Collection({ schema: tokenSchema })
  readonly models = new Collection({ schema: modelSchema })

  private constructor(settings: WorldSettings) {
    this.settings = settings
  }

  /** Builds a world from validated data (see `resolveWorld`). */
  static async create(data: WorldData): Promise<World> {
    const world = new World(structuredClone(data.settings))
    await world.load(data)
    return world
  }

  /** Replaces every record with `data`, in place, so references to this world stay valid. */
  async load(data: WorldData): Promise<void> {
    this.settings = structuredClone(data.settings)
    this.groups.clear()
    this.users.clear()
    this.tokens.clear()
    this.models.clear()
    // Records are created one by one, in order: listing order is part of the world.
    for (const group of data.groups) await this.groups.create(structuredClone(group))
    for (const user of data.users) await this.users.create(structuredClone(user))
    for (const token of data.tokens) await this.tokens.create(structuredClone(token))
    for (const model of data.models) await this.models.create(structuredClone(model))
  }

  // Lookups scan the live record arrays directly: they run on every request, and a query
  // builder per lookup costs more than the scan of a world this size.

  /** The token a presented key names, in any of the spellings the gateway accepts. */
  findToken(presentedKey: string): Token | undefined {
    const wanted = normalizeKey(presentedKey)
    return this.tokens.all().find((token) => normalizedKeyOf(token) === wanted)
  }

  findUser(id: number): User | undefined {
    return this.users.all().find((user) => user.id === id)
  }

  findUserByAccessToken(accessToken: string): User | undefined {
    return this.users.all().find((user) => user.accessToken === accessToken)
  }

  findGroup(name: string): Group | undefined {
    return this.groups.all().find((group) => group.name === name)
  }

  findModel(id: string): Model | undefined {
    return this.models.all().find((model) => model.id === id)
  }

  /** A plain, detached copy of everything: what a world file with the same content would hold. */
  snapshot(): WorldData {
    return structuredClone({
      settings: this.settings,
      groups: this.groups.all(),
      users: this.users.all(),
      tokens: this.tokens.all(),
      models: this.models.all(),
    })
  }
}
