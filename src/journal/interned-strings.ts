/**
 * Strings kept once and referred to by a small number, for stores that keep many rows of the same
 * few values (routes, paths, models, keys). Each id counts its users and is freed with the last,
 * so a long-running server that sees ever new paths keeps only those its rows still hold.
 * Id 0 stands for `undefined`.
 */
export class InternedStrings {
  readonly #ids = new Map<string, number>()
  #values: (string | undefined)[] = [undefined]
  #counts: number[] = [0]
  #free: number[] = []

  /** The id of `value`, counted as one more use. */
  acquire(value: string | undefined): number {
    if (value === undefined) return 0
    let id = this.#ids.get(value)
    if (id === undefined) {
      id = this.#free.pop() ?? this.#values.length
      this.#values[id] = value
      this.#counts[id] = 0
      this.#ids.set(value, id)
    }
    this.#counts[id]!++
    return id
  }

  /** One use of `id` fewer; the string is forgotten with its last use. */
  release(id: number): void {
    if (id === 0) return
    if (--this.#counts[id]! > 0) return
    this.#ids.delete(this.#values[id]!)
    this.#values[id] = undefined
    this.#free.push(id)
  }

  value(id: number): string | undefined {
    return this.#values[id]
  }

  /** How many distinct strings are held. */
  get size(): number {
    return this.#ids.size
  }

  clear(): void {
    this.#ids.clear()
    this.#values = [undefined]
    this.#counts = [0]
    this.#free = []
  }
}
