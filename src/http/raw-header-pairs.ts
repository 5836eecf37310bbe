/**
 * Implemented by a `Headers` view over the header lines a server received (the Node adapter's):
 * `[name, value, name, value, …]` as received, or undefined once the view no longer answers from
 * them. The inspector's detail keeps these texts, not the view, which holds the request's own
 * strings (docs/performance.md, "Memory under load").
 */
export const rawHeaderPairs = Symbol('rawHeaderPairs')

export interface RawHeaderSource {
  [rawHeaderPairs](): readonly string[] | undefined
}

/** The raw header lines behind `headers`, where it is a view over them. */
export function rawPairsOf(headers: Headers): readonly string[] | undefined {
  return rawHeaderPairs in headers ? (headers as unknown as RawHeaderSource)[rawHeaderPairs]() : undefined
}
