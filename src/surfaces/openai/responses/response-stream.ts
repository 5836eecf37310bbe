import type { Generation } from '../../../generation/generate.ts'
import type { StreamErrorRenderer } from '../../../pipeline/reply.ts'
import type { ResolvedError } from '../../../profiles/resolved-error.ts'
import { sseEvent } from '../../../streaming/sse.ts'
import type { StreamFrame } from '../../../streaming/stream-plan.ts'
import type { ResponsesRequest } from './responses-request.ts'
import { socketErrorEvent } from './socket-error-event.ts'
import {
  finishedResponse,
  outputItems,
  outputText,
  responseShell,
  summaryText,
  type OutputItem,
  type ResponseObject,
  type SummaryText,
} from './response-object.ts'

/** One event of a Responses stream, before it is numbered. */
type ResponseEvent =
  | { type: 'response.created' | 'response.in_progress' | 'response.completed' | 'response.incomplete'; response: ResponseObject }
  | { type: 'response.output_item.added' | 'response.output_item.done'; output_index: number; item: OutputItem }
  | {
      type: 'response.content_part.added' | 'response.content_part.done'
      item_id: string
      output_index: number
      content_index: number
      part: ReturnType<typeof outputText>
    }
  | { type: 'response.output_text.delta'; item_id: string; output_index: number; content_index: number; delta: string; logprobs: [] }
  | { type: 'response.output_text.done'; item_id: string; output_index: number; content_index: number; text: string; logprobs: [] }
  | { type: 'response.function_call_arguments.delta'; item_id: string; output_index: number; delta: string }
  | { type: 'response.function_call_arguments.done'; item_id: string; output_index: number; name: string; arguments: string }
  | { type: 'response.custom_tool_call_input.delta'; item_id: string; output_index: number; delta: string }
  | { type: 'response.custom_tool_call_input.done'; item_id: string; output_index: number; input: string }
  | {
      type: 'response.reasoning_summary_part.added' | 'response.reasoning_summary_part.done'
      item_id: string
      output_index: number
      summary_index: number
      part: SummaryText
    }
  | { type: 'response.reasoning_summary_text.delta'; item_id: string; output_index: number; summary_index: number; delta: string }
  | { type: 'response.reasoning_summary_text.done'; item_id: string; output_index: number; summary_index: number; text: string }

/** An event and the generated tokens it carries (for the stream's pace and where a scenario breaks it). */
interface PlannedEvent {
  event: ResponseEvent
  tokens: number
}

/** A Responses stream, decided up front: its frames, and how an error that breaks it is shown. */
export interface ResponseStreamPlan {
  frames: StreamFrame[]
  /**
   * What a scenario's error breaking the stream after `sent` frames looks like: an `error` event,
   * then `response.failed` with the response as it stood. `onFailed` gets that response (to store).
   */
  renderError(onFailed: (failed: ResponseObject) => void): StreamErrorRenderer
}

/**
 * The typed event stream of the Responses API, each event `event: <type>` with its
 * `sequence_number` from 0: created, in progress, then per output item its added / delta / done
 * events (text one token per delta, function arguments in token-sized pieces), then
 * `response.completed`, or `response.incomplete` when the reply was cut at the output limit.
 */
export function responseStream(
  generation: Generation,
  request: ResponsesRequest,
  encoding: EventEncoding = sseEncoding,
): ResponseStreamPlan {
  const events = plannedEvents(generation, request)
  return {
    frames: events.map(({ event: { type, ...fields }, tokens }, index) => ({
      text: encoding.write({ type, sequence_number: index, ...fields }),
      tokens,
    })),
    renderError: (onFailed) => (error, sent) => {
      const failed: ResponseObject = {
        ...responseShell(generation, request),
        status: 'failed',
        error: { code: String(error.code), message: error.message },
        output: outputSoFar(events.slice(0, sent)),
      }
      onFailed(failed)
      return (
        encoding.write(encoding.error(error, sent)) +
        encoding.write({ type: 'response.failed', sequence_number: sent + 1, response: failed })
      )
    },
  }
}

/** How a stream's events are written: SSE for `POST /v1/responses`, a text message each on a socket. */
export interface EventEncoding {
  write(event: { type: string; [field: string]: unknown }): string
  /** The `error` event that breaks the stream after `sent` events. */
  error(error: ResolvedError, sent: number): { type: string; [field: string]: unknown }
}

/**
 * `event: <type>` and its data: the HTTP route's stream. Its error is nested, as OpenAI sends it
 * mid-stream: the SDK throws it as an APIError with its code and type.
 */
const sseEncoding: EventEncoding = {
  write: (event) => sseEvent(event, event.type),
  error: (error, sent) => ({
    type: 'error',
    sequence_number: sent,
    error: { type: error.type, code: String(error.code), message: error.message, param: error.param },
  }),
}

/** One JSON message a line, what a socket plays out (src/streaming/socket-frames.ts); its error as every error on the socket is. */
export const socketEncoding: EventEncoding = {
  write: (event) => `${JSON.stringify(event)}\n`,
  error: (error, sent) => socketErrorEvent(error, { sequence_number: sent }),
}

function plannedEvents(generation: Generation, request: ResponsesRequest): PlannedEvent[] {
  const { reply } = generation
  const started = responseShell(generation, request)
  const finished = finishedResponse(generation, request)
  const planned: PlannedEvent[] = []
  const add = (event: ResponseEvent, tokens = 0) => planned.push({ event, tokens })

  add({ type: 'response.created', response: started })
  add({ type: 'response.in_progress', response: started })
  const blocks = reply.blocks
  outputItems(generation, request).forEach((item, index) => {
    const at = { item_id: item.id, output_index: index }
    const block = blocks[index]!
    if (item.type === 'message') {
      const text = item.content[0]!.text
      add({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress', content: [] } })
      add({ type: 'response.content_part.added', ...at, content_index: 0, part: outputText('') })
      for (const delta of block.type === 'text' ? block.pieces : [])
        add({ type: 'response.output_text.delta', ...at, content_index: 0, delta, logprobs: [] }, 1)
      add({ type: 'response.output_text.done', ...at, content_index: 0, text, logprobs: [] })
      add({ type: 'response.content_part.done', ...at, content_index: 0, part: outputText(text) })
    } else if (item.type === 'reasoning') {
      const text = item.summary[0]!.text
      add({ type: 'response.output_item.added', output_index: index, item: { ...item, summary: [] } })
      add({ type: 'response.reasoning_summary_part.added', ...at, summary_index: 0, part: summaryText('') })
      for (const delta of block.type === 'reasoning' ? block.pieces : [])
        add({ type: 'response.reasoning_summary_text.delta', ...at, summary_index: 0, delta }, 1)
      add({ type: 'response.reasoning_summary_text.done', ...at, summary_index: 0, text })
      add({ type: 'response.reasoning_summary_part.done', ...at, summary_index: 0, part: summaryText(text) })
    } else if (item.type === 'custom_tool_call') {
      add({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress', input: '' } }, 1)
      for (const delta of block.type === 'toolCall' ? (block.call.inputPieces ?? []) : [])
        add({ type: 'response.custom_tool_call_input.delta', ...at, delta }, 1)
      add({ type: 'response.custom_tool_call_input.done', ...at, input: item.input })
    } else {
      // The call's name comes with the item, as chat's first tool-call chunk carries it: one token.
      add({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress', arguments: '' } }, 1)
      for (const delta of block.type === 'toolCall' ? block.call.argumentPieces : [])
        add({ type: 'response.function_call_arguments.delta', ...at, delta }, 1)
      add({ type: 'response.function_call_arguments.done', ...at, name: item.name, arguments: item.arguments })
    }
    add({ type: 'response.output_item.done', output_index: index, item })
  })
  add({ type: finished.status === 'incomplete' ? 'response.incomplete' : 'response.completed', response: finished })
  return planned
}

/** The output as the events sent so far built it: what a failed response shows. */
function outputSoFar(sent: readonly PlannedEvent[]): OutputItem[] {
  const output: OutputItem[] = []
  for (const { event } of sent) {
    switch (event.type) {
      case 'response.output_item.added':
      case 'response.output_item.done':
        output[event.output_index] = copyItem(event.item)
        break
      case 'response.reasoning_summary_part.added': {
        const item = output[event.output_index]
        if (item?.type === 'reasoning') item.summary[event.summary_index] = { ...event.part }
        break
      }
      case 'response.reasoning_summary_text.delta': {
        const item = output[event.output_index]
        const part = item?.type === 'reasoning' ? item.summary[event.summary_index] : undefined
        if (part) part.text += event.delta
        break
      }
      case 'response.custom_tool_call_input.delta': {
        const item = output[event.output_index]
        if (item?.type === 'custom_tool_call') item.input += event.delta
        break
      }
      case 'response.content_part.added': {
        const item = output[event.output_index]
        if (item?.type === 'message') item.content[event.content_index] = { ...event.part }
        break
      }
      case 'response.output_text.delta': {
        const item = output[event.output_index]
        const part = item?.type === 'message' ? item.content[event.content_index] : undefined
        if (part) part.text += event.delta
        break
      }
      case 'response.function_call_arguments.delta': {
        const item = output[event.output_index]
        if (item?.type === 'function_call') item.arguments += event.delta
        break
      }
      default:
        break
    }
  }
  return output
}

/** An item the failed response can fill in without changing the one an event carried. */
function copyItem(item: OutputItem): OutputItem {
  if (item.type === 'message') return { ...item, content: item.content.map((part) => ({ ...part })) }
  if (item.type === 'reasoning') return { ...item, summary: item.summary.map((part) => ({ ...part })) }
  return { ...item }
}
