import type { z } from 'zod'

/**
 * The largest list of inputs one request may hold where the API documents none (completions'
 * prompts, moderations' inputs): OpenAI's limit on its embeddings' inputs. A longer list would
 * keep the gateway busy for seconds and answer in megabytes.
 */
export const maxListInputs = 2048

/** The refusal of a list longer than `max`: how many `items` a request may hold, and how many it had. */
export function atMost(max: number, items: string): { error: (issue: z.core.$ZodRawIssue) => string } {
  return { error: (issue) => `at most ${max} ${items} per request, got ${Array.isArray(issue.input) ? issue.input.length : 'more'}` }
}
