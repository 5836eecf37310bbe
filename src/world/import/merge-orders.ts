/**
 * One order of every item of `lists` that keeps each list's own order, where the lists agree:
 * each list says its items come in that order (a key's model list is its group's order, less the
 * models it does not see). Items no list orders against each other keep the order they were
 * first met in. `consistent` is false when two lists order the same items differently; the items
 * caught in that then come in the order they were first met.
 */
export function mergeOrders(lists: readonly (readonly string[])[]): { order: string[]; consistent: boolean } {
  const firstMet = new Map<string, number>()
  const after = new Map<string, Set<string>>()
  const before = new Map<string, number>()
  for (const list of lists) {
    list.forEach((item, index) => {
      if (!firstMet.has(item)) {
        firstMet.set(item, firstMet.size)
        after.set(item, new Set())
        before.set(item, 0)
      }
      const previous = list[index - 1]
      if (previous === undefined || previous === item || after.get(previous)!.has(item)) return
      after.get(previous)!.add(item)
      before.set(item, before.get(item)! + 1)
    })
  }
  const byFirstMet = (a: string, b: string) => firstMet.get(a)! - firstMet.get(b)!
  const ready = [...firstMet.keys()].filter((item) => before.get(item) === 0)
  const order: string[] = []
  while (ready.length > 0) {
    ready.sort(byFirstMet)
    const item = ready.shift()!
    order.push(item)
    for (const next of after.get(item)!) {
      const left = before.get(next)! - 1
      before.set(next, left)
      if (left === 0) ready.push(next)
    }
  }
  const placed = new Set(order)
  const caught = [...firstMet.keys()].filter((item) => !placed.has(item))
  return { order: [...order, ...caught.sort(byFirstMet)], consistent: caught.length === 0 }
}
