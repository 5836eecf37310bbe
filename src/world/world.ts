import { Collection } from '@msw/data'
import type { z } from 'zod'
import { normalizeKey } from './normalize-key.ts'
import { hashPassword } from './password-hash.ts'
import {
  groupSchema,
  modelSchema,
  redemptionSchema,
  tokenSchema,
  userSchema,
  type Group,
  type Model,
  type Redemption,
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

/**
 * A record schema as a collection uses it: the schema's validation, for every record but those
 * `load` marks. The schema is first read when a record needs it (a world that `load` put in never
 * does): the world's schemas are built, and zod loaded, only then (lazy-schema.ts).
 */
function recordSchema<Schema extends z.ZodType>(schema: Schema): Pick<Schema, '~standard'> {
  const standIn: Pick<z.ZodType, '~standard'> = {
    '~standard': {
      version: 1,
      vendor: 'zod',
      get jsonSchema() {
        return schema['~standard'].jsonSchema
      },
      validate(value) {
        if (typeof value !== 'object' || value === null || !(validated in value)) return schema['~standard'].validate(value)
        const { [validated]: _, ...record } = value as Record<PropertyKey, unknown>
        return { value: record as z.output<Schema> }
      },
    },
  }
  // The schema's own `~standard`, read when used; its `types` are for type checkers only.
  return standIn as Pick<Schema, '~standard'>
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
  readonly redemptions = new Collection({ schema: recordSchema(redemptionSchema) })
  /** Signed-in sessions of the management API, by session id: they outlive a scenario's world (`load`), not a reset. */
  readonly sessions = new Map<string, DashboardSession>()
  /** The gateway clock's now, in ms, when the world was last loaded: the creation time of records that give none. */
  loadedAt = 0
  readonly #lastIds: Record<NumberedKind, number> = { users: 0, tokens: 0, redemptions: 0 }
  /** The key `findToken` found last, as it was presented and as the token held it then. */
  #lastFound: { presented: string; key: string; token: Token } | undefined
  /** Where `findModel` found each model id, in the models' records: checked before they are scanned. */
  readonly #modelAt = new Map<string, number>()

  private constructor(settings: WorldSettings) {
    this.settings = settings
  }

  /** Builds a world from validated data (see `resolveWorld`). `now`: the gateway clock's time, in ms. */
  static async create(data: WorldData, now: number = Date.now()): Promise<World> {
    const world = new World(structuredClone(data.settings))
    await world.load(data, now)
    return world
  }

  /**
   * Replaces every record with `data`, in place, so references to this world stay valid. Tokens
   * and redemption codes without an id get the next ones; passwords are kept hashed.
   */
  async load(data: WorldData, now: number = Date.now()): Promise<void> {
    const users = await Promise.all(data.users.map(withHashedPassword))
    this.settings = structuredClone(data.settings)
    this.loadedAt = now
    this.groups.clear()
    this.users.clear()
    this.tokens.clear()
    this.models.clear()
    this.redemptions.clear()
    this.#lastIds.users = Math.max(0, ...data.users.map((user) => user.id))
    this.#lastIds.tokens = Math.max(0, ...data.tokens.map((token) => token.id ?? 0))
    this.#lastIds.redemptions = Math.max(0, ...data.redemptions.map((code) => code.id ?? 0))
    // Records are created one by one, in order: listing order is part of the world.
    for (const group of data.groups) await this.groups.create(markValidated(group))
    for (const user of users) await this.users.create(markValidated(user))
    for (const token of data.tokens) await this.tokens.create(markValidated({ ...token, id: token.id ?? this.nextId('tokens') }))
    for (const model of data.models) await this.models.create(markValidated(model))
    for (const code of data.redemptions)
      await this.redemptions.create(markValidated({ ...code, id: code.id ?? this.nextId('redemptions') }))
  }

  /**
   * The next id of a user, token or redemption code: taken at once, so that requests creating
   * records at the same time never share one (a collection's `create` is asynchronous).
   */
  nextId(kind: NumberedKind): number {
    return ++this.#lastIds[kind]
  }

  // Lookups scan the live record arrays directly: they run on every request, and a query
  // builder per lookup costs more than the scan of a world this size. The ones every request
  // makes (a key's user, its groups, their models) loop rather than call `find` with a closure.

  /** The token a presented key names, in any of the spellings the gateway accepts. */
  findToken(presentedKey: string): Token | undefined {
    // A client sends the same key request after request: the last one found answers again while it
    // is still in the world with the same key (a key changed or deleted since is looked up anew).
    const last = this.#lastFound
    if (
      last !== undefined &&
      last.presented === presentedKey &&
      last.token.key === last.key &&
      (this.tokens.all() as readonly Token[]).includes(last.token)
    ) {
      return last.token
    }
    const wanted = normalizeKey(presentedKey)
    const token = this.tokens.all().find((candidate) => normalizedKeyOf(candidate) === wanted)
    this.#lastFound = token && { presented: presentedKey, key: token.key, token }
    return token
  }

  findUser(id: number): User | undefined {
    for (const user of this.users.all()) if (user.id === id) return user
    return undefined
  }

  findUserByAccessToken(accessToken: string): User | undefined {
    return this.users.all().find((user) => user.accessToken === accessToken)
  }

  findTokenById(id: number): Token | undefined {
    return this.tokens.all().find((token) => token.id === id)
  }

  findRedemption(key: string): Redemption | undefined {
    return this.redemptions.all().find((code) => code.key === key)
  }

  findGroup(name: string): Group | undefined {
    for (const group of this.groups.all()) if (group.name === name) return group
    return undefined
  }

  findModel(id: string): Model | undefined {
    // A key's model list looks up every model its groups name, request after request: where each
    // was found last is checked first. A record replaced in place is still found there; one moved
    // or renamed since is looked for again.
    const models = this.models.all()
    const at = this.#modelAt.get(id)
    if (at !== undefined && models[at]?.id === id) return models[at]
    for (let i = 0; i < models.length; i++) {
      if (models[i]!.id !== id) continue
      this.#modelAt.set(id, i)
      return models[i]
    }
    return undefined
  }

  /** A plain, detached copy of everything: what a world file with the same content would hold. */
  snapshot(): WorldData {
    return structuredClone({
      settings: this.settings,
      groups: this.groups.all(),
      users: this.users.all(),
      tokens: this.tokens.all(),
      models: this.models.all(),
      redemptions: this.redemptions.all(),
    })
  }
}

/** The kinds of record the management API numbers. */
export type NumberedKind = 'users' | 'tokens' | 'redemptions'

/** A signed-in user of the management API: a session cookie and the access token login answered with name one. */
export interface DashboardSession {
  /** The `session` cookie's value: secret, unlike `sid`. */
  id: string
  /** The session's public id, `session.sid` in login's answer. */
  sid: string
  userId: number
  /** The access token `POST /api/user/login` answered with, valid as `Authorization: Bearer …` until `accessExpiresAt`. */
  accessToken: string
  /** When the access token stops working (new-api: 15 minutes after sign-in). Gateway clock, ms. */
  accessExpiresAt: number
  /** When the session and its cookie end (new-api: 30 days after sign-in). Gateway clock, ms. */
  expiresAt: number
  /** Gateway clock, ms. */
  createdAt: number
  /** Set by logout: from then on the cookie and the access token are answered as a revoked session. */
  revoked?: boolean
}

async function withHashedPassword(user: User): Promise<User> {
  if (user.password === undefined) return user
  const { password, ...rest } = user
  return { ...rest, passwordHash: await hashPassword(password) }
}

function markValidated<Record extends object>(record: Record): Record {
  return { ...structuredClone(record), [validated]: true }
}
