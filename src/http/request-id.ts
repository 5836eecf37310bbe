const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
// new-api puts a build fingerprint between the time and the random tail; ours spells "mock".
const buildPrefix = '6d6f636b'
let sequence = 0

/**
 * A request id in new-api's format: UTC `yyyyMMddHHmmss`, 9 sub-second digits, an 8-hex build
 * prefix and 8 random characters (39 in all).
 */
export function createRequestId(now: number): string {
  sequence = (sequence + 1) % 1_000_000
  let tail = ''
  for (let i = 0; i < 8; i++) tail += alphabet[Math.floor(Math.random() * alphabet.length)]
  return `${stampOf(now)}${pad(Math.floor(now) % 1000, 3)}${pad(sequence, 6)}${buildPrefix}${tail}`
}

// The second's stamp is the same for every request in that second; formatting a date is not free.
let stampSecond = Number.NaN
let stamp = ''

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
  }
  return stamp
}

function pad(value: number, width: number): string {
  return value.toString().padStart(width, '0')
}
