import { Collection } from '@msw/data'
import type { z } from 'zod'
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

// Normalised once per record (and again if its key changes), not once per record per request.
const normalizedKeys = new WeakMap<Token, { key: string; normalized: string }>()

function normalizedKeyOf(token: Token): string {
  const known = normalizedKeys.get(token)
  if (known?.key === token.key) return known.normalized
  const normalized = normalizeKey(token.key)
  normalizedKeys.set(token, { key: token.key, normalized })
  return normalized
}

// Marks the records `load` puts in: they come from a world that was validated as a whole
// (resolveWorld's, a patch's), and validating each again as it goes in would only repeat that,
// at a cost createGateway would pay on every call. The mark survives the collection's copying and
// is taken off before the record is stored.
const validated = Symbol('validated record')

/** A record schema as a collection uses it: the schema's validation, for every record but those `load` marks. */
function recordSchema<Schema extends z.ZodType>(schema: Schema): Pick<Schema, '~standard'> {
  const standard = schema['~standard']
  return {
    '~standard': {
      ...standard,
      validate(value) {
        if (typeof value !== 'object' || value === null || !(validated in value)) return standard.validate(value)
        const { [validated]: _, ...record } = value as Record<PropertyKey, unknown>
        return { value: record as z.output<Schema> }
      },
    },
  }
}

/**
 * The gateway's in-memory state: one `@msw/data` collection per record kind, plus settings.
 * Records are live: change them (directly or with the collections' `update`) and the next
 * request sees the change.
 */
export class World {
  settings: WorldSettings
  readonly groups = new Collection({ schema: recordSchema(groupSchema) })
  readonly users = new Collection({ schema: recordSchema(userSchema) })
  readonly tokens = new Collection({ schema: recordSchema(tokenSchema) })
  readonly models = new Collection({ schema: recordSchema(modelSchema) })

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
    for (const group of data.groups) await this.groups.create(markValidated(group))
    for (const user of data.users) await this.users.create(markValidated(user))
    for (const token of data.tokens) await this.tokens.create(markValidated(token))
    for (const model of data.models) await this.models.create(markValidated(model))
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

function markValidated<Record extends object>(record: Record): Record {
  return { ...structuredClone(record), [validated]: true }
}
