/** One fixture's environment variables. */
export interface EnvLayer {
  /** Its tests run now: its values win over those of any fixture activated earlier. */
  activate(values: Record<string, string | undefined>): void
  /** Its tests are done: the variables go back to the next layer's values, or to what they were. */
  release(): void
}

interface Layer {
  values: Record<string, string | undefined>
  /** When it was activated (its `beforeAll`); `undefined` while it waits for its tests. */
  activated?: number
}

// The layers of every fixture of the file, in the order they were declared, and each variable's
// value before the first of them touched it.
const layers: Layer[] = []
const original = new Map<string, string | undefined>()
let activations = 0

/**
 * Sets `values` in `process.env` now (so a client built at the top of the file reads them) and
 * keeps them until released. Several fixtures stack: while tests run, the one activated last wins
 * (an inner `describe`'s); before any runs, the one declared last (the one whose `describe` is
 * being collected). Once every layer is released each variable is back to its old value, or unset.
 */
export function addEnvLayer(values: Record<string, string | undefined>): EnvLayer {
  const layer: Layer = { values }
  layers.push(layer)
  apply()
  return {
    activate(next) {
      layer.values = next
      layer.activated = ++activations
      apply()
    },
    release() {
      const index = layers.indexOf(layer)
      if (index < 0) return
      layers.splice(index, 1)
      apply()
    },
  }
}

function apply(): void {
  for (const layer of layers) {
    for (const name of Object.keys(layer.values)) if (!original.has(name)) original.set(name, process.env[name])
  }
  const active = layers.filter((layer) => layer.activated !== undefined)
  const winner = active.length > 0 ? active.reduce((last, layer) => (layer.activated! > last.activated! ? layer : last)) : layers.at(-1)
  for (const [name, value] of original) set(name, winner !== undefined && name in winner.values ? winner.values[name] : value)
  if (layers.length === 0) original.clear()
}

function set(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}
