/** A key as it may appear in messages and logs: first 4, `…`, last 4; short keys keep only their first 4. */
export function maskKey(key: string): string {
  if (key.length < 12) return `${key.slice(0, 4)}…`
  return `${key.slice(0, 4)}…${key.slice(-4)}`
}
