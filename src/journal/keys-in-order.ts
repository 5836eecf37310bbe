/**
 * Which of `names` an object may leave out, for `keysInOrder`: worked out once, where the names
 * are declared, rather than looked up in a set for each key of each object checked.
 */
export function leftOut(names: readonly string[], optional: readonly string[] = []): readonly boolean[] {
  return names.map((name) => optional.includes(name))
}

/**
 * Whether `object`'s enumerable keys are `names` in order, each one present unless `mayLeaveOut`
 * (from `leftOut`) says it may be absent, and no other. Walked with `for…in` rather than read with
 * `Object.keys`, which makes an array per call: every request's journal entry is checked twice
 * (the journal, the inspector's details) and a charged one's log row once more. For an object
 * whose prototype is `Object.prototype`, as the callers check first, the keys walked are its own
 * (an enumerable key someone added to `Object.prototype` makes the check fail, never pass).
 */
export function keysInOrder(object: object, names: readonly string[], mayLeaveOut: readonly boolean[]): boolean {
  let k = 0
  for (const name in object) {
    while (k < names.length && names[k] !== name && mayLeaveOut[k]) k++
    if (names[k] !== name) return false
    k++
  }
  while (k < names.length && mayLeaveOut[k]) k++
  return k === names.length
}
