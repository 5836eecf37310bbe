import type { ResponsesRequest } from './responses-request.ts'

/**
 * The names of the tools a Responses request offers besides its functions: freeform (`custom`)
 * tools and any other named tool, in `tools` or in an `additional_tools` input item (where Codex
 * declares its own).
 */
export function moreOfferedTools(request: ResponsesRequest): string[] {
  const named = (tools: unknown): string[] =>
    Array.isArray(tools)
      ? tools.flatMap((tool: unknown) => {
          const name = (tool as { name?: unknown } | null)?.name
          return typeof name === 'string' && name !== '' ? [name] : []
        })
      : []
  return [...named(request.tools), ...(request.input ?? []).flatMap((item) => (item.type === 'other' ? named(item.tools) : []))]
}
