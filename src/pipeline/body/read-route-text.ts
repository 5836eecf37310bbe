import { exchangeOf } from '../../http/exchange.ts'
import type { RouteContext } from '../route.ts'
import { readAheadText, readBodyText } from './read-json-body.ts'

/**
 * The body's text for a route that reads its body itself (the management API's, which answers a
 * bad body in its controller's words): the text the server adapter read ahead, else the stream,
 * under the gateway's size limit either way.
 */
export function readRouteText(context: RouteContext<unknown, unknown>): Promise<string> {
  const { maxBodyBytes } = context.runtime
  const readAhead = exchangeOf(context.request)?.body
  return readAhead === undefined
    ? readBodyText(context.request, maxBodyBytes)
    : Promise.resolve(readAheadText(context.request, maxBodyBytes, readAhead))
}
