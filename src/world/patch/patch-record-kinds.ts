import type { z } from 'zod'
import type { RecordKind } from '../check-world-references.ts'
import { normalizeKey } from '../normalize-key.ts'
import { groupSchema, modelSchema, redemptionSchema, tokenSchema, userSchema, type WorldData } from '../schemas.ts'

/** A step of a path in the file the user wrote: a key or a list index. */
export type Segment = string | number

/** A record as a patch handles it: before its schema has checked (and typed) it. */
export type Fields = Record<string, unknown>

/** A record kind's schema: an object schema, built on first use. */
type RecordSchema = z.ZodLazy<z.ZodObject>

/** What a patch needs to know of each kind of record, and the words its messages use for it. */
export const kinds = {
  groups: {
    identity: 'name',
    noun: 'group',
    has: 'is named',
    schema: groupSchema as RecordSchema,
    list: 'models',
    needs: 'give its "models" as a list',
  },
  users: {
    identity: 'id',
    noun: 'user',
    has: 'has id',
    schema: userSchema as RecordSchema,
    list: 'extraGroups',
    needs: 'give "username" and "quota" too',
  },
  tokens: {
    identity: 'key',
    noun: 'token',
    has: 'has key',
    schema: tokenSchema as RecordSchema,
    list: 'modelLimits',
    needs: 'give "name" and "userId" too',
  },
  models: {
    identity: 'id',
    noun: 'model',
    has: 'has id',
    schema: modelSchema as RecordSchema,
    list: 'endpointTypes',
    needs: 'enable it in a group\'s "models" too',
  },
  // By the code users redeem, as tokens go by key: ids are optional and given at load.
  redemptions: {
    identity: 'key',
    noun: 'redemption code',
    has: 'has key',
    schema: redemptionSchema as RecordSchema,
    list: null,
    needs: 'give its "quota" too',
  },
} as const satisfies Record<RecordKind, unknown>

/** In the order a patch applies them, and so the order its problems are reported in. */
export const kindNames = Object.keys(kinds) as RecordKind[]

/** A world's records of one kind, as plain fields. */
export function recordsOf(world: WorldData, kind: RecordKind): Fields[] {
  return world[kind] as unknown as Fields[]
}

/** Whether two identities name the same record: a token's key matches with or without its `sk-` prefix. */
export function sameRecord(kind: RecordKind, a: unknown, b: unknown): boolean {
  return kind === 'tokens' ? normalizeKey(String(a)) === normalizeKey(String(b)) : a === b
}

/** A record's kind and identity as one string, to look it up in a set or map. */
export function recordKey(kind: RecordKind, identity: unknown): string {
  return `${kind}\n${kind === 'tokens' ? normalizeKey(String(identity)) : String(identity)}`
}

/** A record the file does not name, by identity: `tokens[key="sk-vip"]`. */
export function recordSelector(kind: RecordKind, record: Fields): string {
  const { identity } = kinds[kind]
  return `${kind}[${identity}=${JSON.stringify(record[identity])}]`
}
