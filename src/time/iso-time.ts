// Requests in the same millisecond share the journal's time string, and those in the same second
// its date and time of day: formatting a `Date` cost 10–20 µs a request in process, where msw's
// interception between two calls leaves V8's date code cold (docs/performance.md).
let isoTime = { at: Number.NaN, text: '' }
let second = Number.NaN
let secondPrefix = ''

/** `now` as an ISO time (`Date.prototype.toISOString`'s text), computed once per millisecond. */
export function isoTimeOf(now: number): string {
  if (now === isoTime.at) return isoTime.text
  // A Date keeps whole milliseconds, rounded towards zero.
  const time = Math.trunc(now)
  const at = Math.floor(time / 1000)
  if (at !== second) {
    const text = new Date(at * 1000).toISOString()
    // A time no Date can hold throws here, as toISOString does; the prefix ends with the seconds' `.`.
    secondPrefix = text.slice(0, text.length - 4)
    second = at
  }
  const millis = time - at * 1000
  isoTime = { at: now, text: `${secondPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z` }
  return isoTime.text
}

/**
 * The time, in whole milliseconds, that `isoTimeOf` last gave `text` for; undefined for any other
 * text. The journal keeps a request's time as a number, and the text it is handed is nearly always
 * the one just made: no need to parse it back.
 */
export function lastIsoTimeMs(text: string): number | undefined {
  return text === isoTime.text ? Math.trunc(isoTime.at) : undefined
}
