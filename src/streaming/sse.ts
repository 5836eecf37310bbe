/** One server-sent event carrying `data` as a single line of JSON (`event:` only when named). */
export function sseEvent(data: unknown, event?: string): string {
  const line = `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`
  return event ? `event: ${event}\n${line}` : line
}
