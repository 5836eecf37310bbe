/** One server-sent event, read: its `event:` name, if any, and its `data:` lines joined. */
export interface SseEvent {
  event?: string
  data: string
}

const blankLine = /\r?\n\r?\n|\r\r/

/**
 * Cuts a server-sent event stream into its events as the text arrives, however the network
 * split it: each complete event's text, without the blank line that ends it.
 */
export class SseSplitter {
  #buffer = ''

  /** The events `text` completes. */
  push(text: string): string[] {
    this.#buffer += text
    const events: string[] = []
    for (let match = blankLine.exec(this.#buffer); match; match = blankLine.exec(this.#buffer)) {
      const event = this.#buffer.slice(0, match.index)
      this.#buffer = this.#buffer.slice(match.index + match[0].length)
      if (event.trim() !== '') events.push(event)
    }
    return events
  }

  /** What is left after the stream ended: an event without its blank line, if any. */
  end(): string | undefined {
    const rest = this.#buffer
    this.#buffer = ''
    return rest.trim() === '' ? undefined : rest
  }
}

/** An event's fields, as an EventSource reads them; comment lines (`:`) are skipped. */
export function readSseEvent(text: string): SseEvent {
  let event: string | undefined
  const data: string[] = []
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  return { ...(event !== undefined && { event }), data: data.join('\n') }
}
