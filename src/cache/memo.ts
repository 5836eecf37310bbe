const defaultEntries = 4096
const defaultMaxKeyLength = 4096

/**
 * A small least-recently-used memo keyed by short strings. A mock sees the same requests again
 * and again (retries, test suites, the same system prompt in every call, load tests), and
 * encoding and composing a reply are most of what a generation costs. Longer keys are not kept:
 * they are rare, and hashing them would cost about what it saves.
 */
export function memo<T>(entries = defaultEntries, maxKeyLength = defaultMaxKeyLength): (key: string, compute: () => T) => T {
  const known = new Map<string, T>()
  return (key, compute) => {
    if (key.length > maxKeyLength) return compute()
    const value = known.get(key)
    if (value !== undefined) {
      // Moved to the end only past half full, when an eviction could come before it is used
      // again: each move gave the Map a new table, made in the old generation (the memo lives
      // long), which under load was most of what a request left there (docs/performance.md).
      if (known.size > entries / 2) {
        known.delete(key)
        known.set(key, value)
      }
      return value
    }
    const computed = compute()
    known.set(key, computed)
    if (known.size > entries) known.delete(known.keys().next().value!)
    return computed
  }
}

/**
 * `derive` remembered per argument object, for values computed from shared, frozen inputs (a
 * remembered request body, the conversation read from it). Entries go with their object.
 */
export function memoByObject<Input extends object, Output>(derive: (input: Input) => Output): (input: Input) => Output {
  const known = new WeakMap<Input, Output>()
  return (input) => {
    if (known.has(input)) return known.get(input)!
    const output = derive(input)
    known.set(input, output)
    return output
  }
}
