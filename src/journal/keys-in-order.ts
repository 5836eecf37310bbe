const none: ReadonlySet<string> = new Set()

/**
 * Whether `object`'s enumerable keys are `names` in order, each one present unless it is one of
 * `optional`, and no other. Walked with `for…in` rather than read with `Object.keys`,
 * which makes an array per call: every request's journal entry is checked twice (the journal, the
 * inspector's details) and a charged one's log row once more. For an object whose prototype is
 * `Object.prototype`, as the callers check first, the keys walked are its own (an enumerable key
 * someone added to `Object.prototype` makes the check fail, never pass).
 */
export function keysInOrder(object: object, names: readonly string[], optional: ReadonlySet<string> = none): boolean {
  let k = 0
  for (const name in object) {
    while (k < names.length && names[k] !== name && optional.has(names[k]!)) k++
    if (names[k] !== name) return false
    k++
  }
  while (k < names.length && optional.has(names[k]!)) k++
  return k === names.length
}
