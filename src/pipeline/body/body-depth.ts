import { gatewayError } from '../../errors/gateway-error.ts'
import { formatPath } from '../../definitions/format-path.ts'

/**
 * 100 levels of objects and arrays: JSON Schemas and tool arguments that real clients send stay
 * well under 20, and a request within it can be walked, frozen and serialized on any stack.
 */
export const defaultMaxBodyDepth = 100

/**
 * The most `maxBodyDepth` may be raised to. The gateway serializes tool schemas and arguments
 * with `JSON.stringify`, which overflows V8's stack a few thousand levels down; this keeps a
 * wide margin below that, whatever the caller's stack already holds.
 */
export const maxBodyDepthCeiling = 1000

/** Whether `value` is a usable `maxBodyDepth`. */
export function isBodyDepth(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= maxBodyDepthCeiling
}

type Container = Record<string, unknown> | unknown[]

/** One container met on the walk: where it sits, so the path to it can be told without keeping one per node. */
interface Visit {
  value: Container
  depth: number
  key: string | number
  parent: Visit | undefined
}

/**
 * The path to the first object or array (in document order) that sits deeper than `limit`
 * levels, the root being level 1, or `undefined` when the value stays within it. Walks with its
 * own stack, so any depth JSON.parse can produce is safe to check.
 */
export function pathBeyondDepth(value: unknown, limit: number): (string | number)[] | undefined {
  if (!isContainer(value)) return undefined
  const stack: Visit[] = [{ value, depth: 1, key: '', parent: undefined }]
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value: container, depth } = visit
    const keys = Array.isArray(container) ? undefined : Object.keys(container)
    const count = keys ? keys.length : (container as unknown[]).length
    const keyAt = (i: number) => (keys ? keys[i]! : i)
    if (depth >= limit) {
      // Containers are visited in document order, so the first container child of the first
      // container at the limit is the first place the body goes too deep.
      for (let i = 0; i < count; i++) {
        const key = keyAt(i)
        if (isContainer(childOf(container, key))) return pathTo(visit, key)
      }
      continue
    }
    // Pushed last-first, so that they are popped in document order.
    for (let i = count - 1; i >= 0; i--) {
      const key = keyAt(i)
      const child = childOf(container, key)
      if (isContainer(child)) stack.push({ value: child, depth: depth + 1, key, parent: visit })
    }
  }
  return undefined
}

/**
 * Refuses a parsed body that nests deeper than `limit` with a 400 that names where, before any
 * code that walks request data recursively (schemas, freezing, token counting) sees it.
 */
export function assertBodyDepth(body: unknown, limit: number): void {
  const path = pathBeyondDepth(body, limit)
  if (!path) return
  const where = abbreviatePath(path)
  throw gatewayError('body_too_deep', { where, limit }, { param: where })
}

/** Segments kept from the start and from the end of a long path; the middle becomes `…`. */
const headSegments = 8
const tailSegments = 4
/** A key longer than this is cut, so a hostile key cannot make the message huge. */
const maxKeyLength = 40

/** `tools[0].function.parameters.properties.a…properties.a.properties.a`: readable at any depth. */
export function abbreviatePath(path: readonly (string | number)[]): string {
  const segments = path.map((segment) =>
    typeof segment === 'string' && segment.length > maxKeyLength ? `${segment.slice(0, maxKeyLength)}…` : segment,
  )
  if (segments.length <= headSegments + tailSegments + 1) return formatPath(segments)
  // The tail is formatted on its own, so it starts without a leading dot: `…a.properties`, `…[0][0]`.
  return `${formatPath(segments.slice(0, headSegments))}…${formatPath(segments.slice(-tailSegments))}`
}

/** The path to `parent`'s child at `key`; the root's own key is not part of it. */
function pathTo(parent: Visit, key: string | number): (string | number)[] {
  const path = [key]
  for (let at: Visit | undefined = parent; at?.parent; at = at.parent) path.push(at.key)
  return path.toReversed()
}

function childOf(container: Container, key: string | number): unknown {
  return (container as Record<string | number, unknown>)[key]
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null
}
