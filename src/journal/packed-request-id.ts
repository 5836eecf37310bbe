import {
  madeRequestId,
  requestIdAlphabet as alphabet,
  requestIdBuildPrefix as buildPrefix,
  requestIdLength as length,
} from '../http/request-id.ts'

// A request id in the gateway's format (src/http/request-id.ts) is 23 digits, the build prefix and
// 8 characters of [A-Za-z0-9]: three numbers hold it exactly, where a string of its own per
// request would be one more object for the garbage collector to copy while the journal keeps it.

// The id packed last: a request's id goes into the journal and then into the inspector's details.
const last: { id: string | undefined; high: number; low: number; tail: number } = { id: undefined, high: 0, low: 0, tail: 0 }

/** Writes the id's digits (first 14, next 9) and its tail in base 62 at `at`; false, writing nothing, for an id of another form. */
export function packRequestId(id: string, into: Float64Array, at: number): boolean {
  if (id !== last.id && !fromMade(id) && !parse(id)) return false
  into[3 * at] = last.high
  into[3 * at + 1] = last.low
  into[3 * at + 2] = last.tail
  return true
}

/** Takes `id`'s numbers into `last` when it is the id just made (createRequestId): they need no reading. */
function fromMade(id: string): boolean {
  if (id !== madeRequestId.id) return false
  last.id = id
  last.high = madeRequestId.stamp
  last.low = madeRequestId.rest
  last.tail = madeRequestId.tail
  return true
}

/** Reads `id` into `last`; false, leaving `last` as it was, for an id of another form. */
function parse(id: string): boolean {
  if (id.length !== length || !id.startsWith(buildPrefix, 23)) return false
  let high = 0
  let low = 0
  for (let i = 0; i < 23; i++) {
    const digit = id.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return false
    if (i < 14) high = high * 10 + digit
    else low = low * 10 + digit
  }
  let tail = 0
  for (let i = 31; i < length; i++) {
    const value = valueOf(id.charCodeAt(i))
    if (value < 0) return false
    tail = tail * 62 + value
  }
  last.id = id
  last.high = high
  last.low = low
  last.tail = tail
  return true
}

/** The id `packRequestId` packed at `at`. */
export function unpackRequestId(from: Float64Array, at: number): string {
  let tail = ''
  let rest = from[3 * at + 2]!
  for (let i = 0; i < 8; i++) {
    tail = alphabet[rest % 62]! + tail
    rest = Math.floor(rest / 62)
  }
  return from[3 * at]!.toString().padStart(14, '0') + from[3 * at + 1]!.toString().padStart(9, '0') + buildPrefix + tail
}

// The alphabet's order: A–Z, a–z, 0–9.
function valueOf(code: number): number {
  if (code >= 65 && code <= 90) return code - 65
  if (code >= 97 && code <= 122) return code - 71
  if (code >= 48 && code <= 57) return code + 4
  return -1
}
