/** The characters of an id's random tail, in the order that gives each its value in base 62. */
export const requestIdAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** new-api puts a build fingerprint between the time and the random tail; ours spells "mock". */
export const requestIdBuildPrefix = '6d6f636b'
/** An id's length: 14 digits of time, 9 more, the build prefix, 8 random characters. */
export const requestIdLength = 14 + 9 + requestIdBuildPrefix.length + 8

let sequence = 0

/**
 * A request id in new-api's format: UTC `yyyyMMddHHmmss`, 9 sub-second digits, an 8-hex build
 * prefix and 8 random characters (39 in all).
 */
export function createRequestId(now: number): string {
  sequence = (sequence + 1) % 1_000_000
  let tail = ''
  let tailValue = 0
  for (let i = 0; i < 8; i++) {
    const index = Math.floor(Math.random() * requestIdAlphabet.length)
    tail += requestIdAlphabet[index]
    tailValue = tailValue * 62 + index
  }
  const millis = Math.floor(now) % 1000
  const id = `${stampOf(now)}${pad(millis, 3)}${pad(sequence, 6)}${requestIdBuildPrefix}${tail}`
  // Only an id of the usual form (a four-digit year, a time after 1970) is told in numbers.
  madeRequestId.id = id.length === requestIdLength && millis >= 0 ? id : ''
  madeRequestId.stamp = stampValue
  madeRequestId.rest = millis * 1_000_000 + sequence
  madeRequestId.tail = tailValue
  return id
}

/**
 * The last id `createRequestId` made, in the numbers it was made of: its first 14 digits, its next
 * 9, and its 8 random characters as a number in base 62 (in `requestIdAlphabet`'s order, the first the
 * highest). Its id is `''` when it was of another form. The journal keeps ids as these numbers
 * (src/journal/packed-request-id.ts), and need not read them back out of the text just made.
 */
export const madeRequestId = { id: '', stamp: 0, rest: 0, tail: 0 }

// The second's stamp is the same for every request in that second; formatting a date is not free.
let stampSecond = Number.NaN
let stamp = ''
let stampValue = 0

function stampOf(now: number): string {
  const second = Math.floor(now / 1000)
  if (second !== stampSecond) {
    const date = new Date(second * 1000)
    stamp =
      date.getUTCFullYear().toString() +
      pad(date.getUTCMonth() + 1, 2) +
      pad(date.getUTCDate(), 2) +
      pad(date.getUTCHours(), 2) +
      pad(date.getUTCMinutes(), 2) +
      pad(date.getUTCSeconds(), 2)
    stampSecond = second
    stampValue = Number(stamp)
  }
  return stamp
}

function pad(value: number, width: number): string {
  return value.toString().padStart(width, '0')
}
