// Requests in the same millisecond share the journal's time string.
let isoTime = { at: Number.NaN, text: '' }

/** `now` as an ISO time, computed once per millisecond. */
export function isoTimeOf(now: number): string {
  if (now !== isoTime.at) isoTime = { at: now, text: new Date(now).toISOString() }
  return isoTime.text
}
