/**
 * The ids one session gives out (`event_…`, `item_…`, `resp_…`): unique to the session, then
 * counted, as OpenAI's look.
 */
export function sessionIds(): (prefix: string) => string {
  const unique = crypto.randomUUID().replaceAll('-', '').slice(0, 16)
  let counter = 0
  return (prefix) => `${prefix}_${unique}${(counter++).toString(36).padStart(5, '0')}`
}
