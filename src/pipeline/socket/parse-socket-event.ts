import type { z } from 'zod'
import { GatewayError, gatewayError } from '../../errors/gateway-error.ts'
import { parseBody } from '../body/parse-body.ts'
import { parseJsonObject } from '../body/read-json-body.ts'

/**
 * A client event on a WebSocket, read as a request body is (JSON, the depth limit, the schema)
 * but refused as `socket_event_invalid`, which the socket answers with an error event and stays
 * open.
 */
export function parseSocketEvent<Schema extends z.ZodType>(schema: Schema, text: string, maxDepth: number): z.output<Schema> {
  return checkSocketEvent(schema, readSocketEvent(text, maxDepth))
}

/** A client event's JSON object, under the depth limit, not yet checked against a schema: for a route that looks at it before it picks one. */
export function readSocketEvent(text: string, maxDepth: number): Record<string, unknown> {
  return asSocketEventError(() => parseJsonObject(text, maxDepth))
}

/** A client event `readSocketEvent` read, checked against `schema`. */
export function checkSocketEvent<Schema extends z.ZodType>(schema: Schema, event: Record<string, unknown>): z.output<Schema> {
  return asSocketEventError(() => parseBody(schema, event))
}

function asSocketEventError<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    throw gatewayError('socket_event_invalid', { detail: problemOf(error) }, { param: error.param })
  }
}

function problemOf(error: GatewayError): string {
  const params = error.params as Record<string, unknown>
  switch (error.errorName) {
    case 'body_empty':
      return 'The event is empty: expected a JSON object.'
    case 'body_not_json':
      return `The event is not valid JSON: ${String(params.detail)}`
    case 'body_not_object':
      return `The event must be a JSON object, got ${String(params.got)}.`
    case 'body_too_deep':
      return `The event nests too deeply at ${String(params.where)}: at most ${String(params.limit)} levels of nested objects and arrays.`
    default:
      return String(params.detail ?? error.errorName)
  }
}
