/** Where a gateway keeps its handlers with their dispatch prefixes, for the Node adapter only. */
export const kRouteHandlers = Symbol('llm-gateway-mock.routeHandlers')
