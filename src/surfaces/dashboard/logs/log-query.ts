import type { LogFilter } from '../../../logs/log-filter.ts'

/**
 * The filter `/api/log/*` reads from the query, as new-api's controllers do: numbers through
 * `strconv.Atoi`/`ParseInt` with the error ignored (anything that is not an integer is 0, no
 * filter), text as given. `forAdmin` adds the username and channel filters.
 */
export function logFilterOf(url: URL, forAdmin: boolean): LogFilter {
  const query = url.searchParams
  return {
    type: lenientInteger(query.get('type')),
    startTimestamp: lenientInteger(query.get('start_timestamp')),
    endTimestamp: lenientInteger(query.get('end_timestamp')),
    modelName: query.get('model_name') ?? '',
    tokenName: query.get('token_name') ?? '',
    group: query.get('group') ?? '',
    requestId: query.get('request_id') ?? '',
    ...(forAdmin && { username: query.get('username') ?? '', channel: lenientInteger(query.get('channel')) }),
  }
}

/** Go's `strconv.Atoi` with its error ignored: the integer, or 0. */
export function lenientInteger(value: string | null): number {
  return value !== null && /^[+-]?\d+$/.test(value) ? Number(value) : 0
}
