import { InternedStrings } from '../journal/interned-strings.ts'
import { keysInOrder, leftOut } from '../journal/keys-in-order.ts'
import { packRequestId, unpackRequestId } from '../journal/packed-request-id.ts'
import { RowRing } from '../journal/row-ring.ts'
import type { GatewayLog, LogType } from './gateway-log.ts'

// A row's numbers (`#numbers`), strings (`#strings`, interned) and flags, by field.
const numberFields = ['id', 'userId', 'createdAt', 'type', 'quota', 'promptTokens', 'completionTokens', 'useTime', 'tokenId'] as const
const stringFields = ['content', 'username', 'tokenName', 'modelName', 'group', 'ip', 'requestId'] as const
const streamFlag = 1
const packedIdFlag = 2
/** The keys of a row as the gateway writes it (src/logs/request-logs.ts, record-log.ts), in order; `id` follows. */
const rowKeys = [
  'userId',
  'createdAt',
  'type',
  'content',
  'username',
  'tokenName',
  'modelName',
  'quota',
  'promptTokens',
  'completionTokens',
  'useTime',
  'isStream',
  'tokenId',
  'group',
  'ip',
  'requestId',
  'other',
]
const rowKeysLeftOut = leftOut(rowKeys)
/** `other` fields a row keeps in its columns; a row with more is kept whole. */
const otherWidth = 12

/** The keys of an `other` and whether each value is a number, a string or a boolean. */
interface OtherShape {
  keys: string[]
  kinds: string
}

/**
 * The gateway's log table: consume logs of billed requests, top-ups, management actions and (when
 * the world turns them on) relay errors. Keeps the last `limit` rows, as the journal does, and is
 * emptied by a reset.
 *
 * Kept as columns, as the journal is (src/journal/journal.ts): numbers in typed arrays, strings
 * interned, `other` as its shape (its keys, shared by the rows written alike) and its values, in
 * a ring that reuses the oldest row. A row object kept per billed request outlived several
 * young-generation collections under load (docs/performance.md, "Memory under load"). A row is
 * built when first read, equal to the one written, and kept until its row is reused; one of
 * another form is kept as it was written.
 */
export class LogBook {
  readonly limit: number
  readonly #names = new InternedStrings()
  readonly #shapeIds = new Map<string, number>()
  readonly #shapes: OtherShape[] = []
  #lastId = 0
  #lastShape = -1
  readonly #rows: RowRing
  #numbers = new Float64Array(0)
  #strings = new Uint32Array(0)
  #ids = new Float64Array(0)
  #flags = new Uint8Array(0)
  #otherShapes = new Int32Array(0)
  #others = new Float64Array(0)
  /** Rows of another form, kept as written, by row. */
  #whole: (GatewayLog | undefined)[] = []
  /** Rows a read has built, by row, until the row is reused: each is built once however often it is read. */
  #read: (GatewayLog | undefined)[] = []

  constructor(limit: number) {
    this.limit = limit
    this.#rows = new RowRing(
      limit,
      (capacity) => this.#grow(capacity),
      (at) => this.#forget(at),
    )
  }

  /** Writes a row with the next id, and answers it: taken at once, so rows written by concurrent requests never share one. */
  add(row: Omit<GatewayLog, 'id'>): number {
    const id = ++this.#lastId
    this.#put(row, id)
    return id
  }

  /** Every row kept, oldest first. */
  all(): readonly GatewayLog[] {
    const ring = this.#rows
    const rows = new Array<GatewayLog>(ring.size)
    for (let i = 0; i < ring.size; i++) rows[i] = this.#rowAt(ring.rowOf(i))
    return rows
  }

  /** Removes the rows `drop` picks; answers how many went (of the rows kept: those past the limit are gone already). */
  delete(drop: (row: GatewayLog) => boolean): number {
    const rows = this.all()
    const kept = rows.filter((row) => !drop(row))
    const lastId = this.#lastId
    this.clear()
    for (const { id, ...row } of kept) this.#put(row, id)
    this.#lastId = lastId
    return rows.length - kept.length
  }

  clear(): void {
    this.#names.clear()
    this.#shapeIds.clear()
    this.#shapes.length = 0
    this.#lastShape = -1
    this.#whole = []
    this.#read = []
    this.#lastId = 0
    this.#rows.clear()
  }

  #put(row: Omit<GatewayLog, 'id'>, id: number): void {
    if (this.limit <= 0) return
    const at = this.#rows.next()
    if (!this.#keep(row, id, at)) this.#whole[at] = { ...row, id }
  }

  #grow(capacity: number): void {
    const rows = this.#rows
    this.#numbers = rows.grown(this.#numbers, (n) => new Float64Array(n), capacity, numberFields.length)
    this.#strings = rows.grown(this.#strings, (n) => new Uint32Array(n), capacity, stringFields.length)
    this.#ids = rows.grown(this.#ids, (n) => new Float64Array(n), capacity, 3)
    this.#flags = rows.grown(this.#flags, (n) => new Uint8Array(n), capacity, 1)
    this.#otherShapes = rows.grown(this.#otherShapes, (n) => new Int32Array(n), capacity, 1)
    this.#others = rows.grown(this.#others, (n) => new Float64Array(n), capacity, otherWidth)
  }

  #forget(at: number): void {
    // Written only where a read built the row: in a server nobody reads, the write grew an empty
    // array row by row to the ring's size, new copies that outlived young-generation collections.
    if (this.#read[at] !== undefined) this.#read[at] = undefined
    if (this.#whole[at] !== undefined) {
      this.#whole[at] = undefined
      return
    }
    for (let i = at * stringFields.length; i < (at + 1) * stringFields.length; i++) this.#names.release(this.#strings[i]!)
    const { kinds } = this.#shapes[this.#otherShapes[at]!]!
    for (let i = 0; i < kinds.length; i++) if (kinds[i] === 's') this.#names.release(this.#others[at * otherWidth + i]!)
  }

  /** Writes `row` into `at` when it has the gateway's form; false when it must be kept whole. */
  #keep(row: Omit<GatewayLog, 'id'>, id: number, at: number): boolean {
    if (!isGatewayRow(row)) return false
    // The other's keys and values, each read once: its shape is checked on them, and its values kept.
    const otherKeys = Object.keys(row.other)
    const values = Object.values(row.other)
    const shape = this.#shapeOf(otherKeys, values)
    if (shape === -1) return false
    // Field by field, in the columns' order (numberFields, stringFields; #build reads them back
    // so), each read by its name: in a loop over the names every read was a lookup by a key known
    // only at run time.
    const numbers = this.#numbers
    const n = at * numberFields.length
    numbers[n] = id
    numbers[n + 1] = row.userId
    numbers[n + 2] = row.createdAt
    numbers[n + 3] = row.type
    numbers[n + 4] = row.quota
    numbers[n + 5] = row.promptTokens
    numbers[n + 6] = row.completionTokens
    numbers[n + 7] = row.useTime
    numbers[n + 8] = row.tokenId
    const packed = packRequestId(row.requestId, this.#ids, at)
    const names = this.#names
    const strings = this.#strings
    const s = at * stringFields.length
    strings[s] = names.acquire(row.content)
    strings[s + 1] = names.acquire(row.username)
    strings[s + 2] = names.acquire(row.tokenName)
    strings[s + 3] = names.acquire(row.modelName)
    strings[s + 4] = names.acquire(row.group)
    strings[s + 5] = names.acquire(row.ip)
    strings[s + 6] = packed ? 0 : names.acquire(row.requestId)
    this.#flags[at] = (row.isStream ? streamFlag : 0) | (packed ? packedIdFlag : 0)
    this.#otherShapes[at] = shape
    const { kinds } = this.#shapes[shape]!
    const o = at * otherWidth
    for (let i = 0; i < values.length; i++) {
      const value = values[i]
      this.#others[o + i] = kinds[i] === 's' ? names.acquire(value as string) : Number(value)
    }
    return true
  }

  /** The id of the shape of an `other` with these keys and values (in the same order), or -1 for one the columns cannot hold. */
  #shapeOf(otherKeys: string[], values: unknown[]): number {
    if (otherKeys.length > otherWidth) return -1
    // Rows come in runs of one kind (consume logs): the last shape is checked before naming one.
    const last = this.#shapes[this.#lastShape]
    if (last !== undefined && isShaped(otherKeys, values, last)) return this.#lastShape
    let kinds = ''
    for (const value of values) {
      const kind = kindOf(value)
      if (kind === '') return -1
      kinds += kind
    }
    const name = `${kinds}:${otherKeys.join('\u0000')}`
    let shape = this.#shapeIds.get(name)
    if (shape === undefined) {
      // Shapes are few (one per kind of row); a book of ever new ones keeps them whole instead.
      if (this.#shapes.length >= 256) return -1
      shape = this.#shapes.push({ keys: otherKeys, kinds }) - 1
      this.#shapeIds.set(name, shape)
    }
    this.#lastShape = shape
    return shape
  }

  #rowAt(at: number): GatewayLog {
    return this.#whole[at] ?? (this.#read[at] ??= this.#build(at))
  }

  #build(at: number): GatewayLog {
    const numbers = this.#numbers
    const n = at * numberFields.length
    const strings = this.#strings
    const s = at * stringFields.length
    const names = this.#names
    const { keys, kinds } = this.#shapes[this.#otherShapes[at]!]!
    const other: Record<string, unknown> = {}
    for (let i = 0; i < keys.length; i++) {
      const value = this.#others[at * otherWidth + i]!
      other[keys[i]!] = kinds[i] === 's' ? names.value(value) : kinds[i] === 'b' ? value === 1 : value
    }
    const flags = this.#flags[at]!
    return {
      userId: numbers[n + 1]!,
      createdAt: numbers[n + 2]!,
      type: numbers[n + 3] as LogType,
      content: names.value(strings[s]!)!,
      username: names.value(strings[s + 1]!)!,
      tokenName: names.value(strings[s + 2]!)!,
      modelName: names.value(strings[s + 3]!)!,
      quota: numbers[n + 4]!,
      promptTokens: numbers[n + 5]!,
      completionTokens: numbers[n + 6]!,
      useTime: numbers[n + 7]!,
      isStream: (flags & streamFlag) !== 0,
      tokenId: numbers[n + 8]!,
      group: names.value(strings[s + 4]!)!,
      ip: names.value(strings[s + 5]!)!,
      requestId: flags & packedIdFlag ? unpackRequestId(this.#ids, at) : names.value(strings[s + 6]!)!,
      other,
      id: numbers[n]!,
    }
  }
}

/** Whether the row has the form the gateway writes: its keys in their order, each column's type, a plain `other`. */
function isGatewayRow(row: Omit<GatewayLog, 'id'>): boolean {
  if (Object.getPrototypeOf(row) !== Object.prototype || !keysInOrder(row, rowKeys, rowKeysLeftOut)) return false
  const other: unknown = row.other
  return (
    typeof row.userId === 'number' &&
    typeof row.createdAt === 'number' &&
    typeof row.type === 'number' &&
    typeof row.quota === 'number' &&
    typeof row.promptTokens === 'number' &&
    typeof row.completionTokens === 'number' &&
    typeof row.useTime === 'number' &&
    typeof row.tokenId === 'number' &&
    typeof row.content === 'string' &&
    typeof row.username === 'string' &&
    typeof row.tokenName === 'string' &&
    typeof row.modelName === 'string' &&
    typeof row.group === 'string' &&
    typeof row.ip === 'string' &&
    typeof row.requestId === 'string' &&
    typeof row.isStream === 'boolean' &&
    typeof other === 'object' &&
    other !== null &&
    Object.getPrototypeOf(other) === Object.prototype
  )
}

/** What an `other` value is kept as: `n`umber, `s`tring, `b`oolean; empty for anything else. */
function kindOf(value: unknown): string {
  return typeof value === 'number' ? 'n' : typeof value === 'string' ? 's' : typeof value === 'boolean' ? 'b' : ''
}

/** Whether an `other` with these keys and values has `shape`'s keys, in order, each with a value of its kind. */
function isShaped(keys: readonly string[], values: readonly unknown[], shape: OtherShape): boolean {
  if (keys.length !== shape.keys.length) return false
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== shape.keys[i] || kindOf(values[i]) !== shape.kinds[i]) return false
  }
  return true
}
