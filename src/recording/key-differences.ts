import { redactedText, type ConversationKey, type EmbeddingKey, type RequestKey } from './request-key-schema.ts'

/** The longest text a difference quotes; longer ones are cut in the middle. */
const quoteLength = 60

/**
 * How a request differs from what a recording holds, one phrase per field that differs (empty:
 * it matches). A field the recording leaves out matches anything; `[redacted]` in recorded text
 * matches any text there.
 */
export function keyDifferences(recorded: RequestKey | undefined, asked: RequestKey): string[] {
  if (recorded === undefined) return []
  if ('inputs' in asked)
    return 'inputs' in recorded ? embeddingDifferences(recorded, asked) : ['the recording is not of an embedding request']
  if ('inputs' in recorded) return ['the recording is of an embedding request']
  return conversationDifferences(recorded, asked)
}

function conversationDifferences(recorded: ConversationKey, asked: ConversationKey): string[] {
  const differences: string[] = []
  const differ = (field: string, was: unknown, is: unknown) => differences.push(`${field}: recorded ${show(was)}, got ${show(is)}`)
  if (recorded.lastUserTurn !== undefined && !textMatches(recorded.lastUserTurn, asked.lastUserTurn ?? '')) {
    differ('last user turn', recorded.lastUserTurn, asked.lastUserTurn)
  }
  if (recorded.toolResults !== undefined && !textsMatch(recorded.toolResults, asked.toolResults ?? [])) {
    differ('tool results', recorded.toolResults, asked.toolResults)
  }
  if (recorded.turns !== undefined && recorded.turns !== asked.turns) differ('turns', recorded.turns, asked.turns)
  if (recorded.tools !== undefined && JSON.stringify(recorded.tools) !== JSON.stringify(asked.tools))
    differ('tools', recorded.tools, asked.tools)
  else if (recorded.toolsHash !== undefined && recorded.toolsHash !== asked.toolsHash) differences.push('tools: their definitions differ')
  if (recorded.systemHash !== undefined && recorded.systemHash !== asked.systemHash) {
    differences.push(
      recorded.systemHash === null
        ? 'system prompt: recorded none, got one'
        : asked.systemHash === null
          ? 'system prompt: recorded one, got none'
          : 'system prompt differs',
    )
  }
  return differences
}

function embeddingDifferences(recorded: EmbeddingKey, asked: EmbeddingKey): string[] {
  const differences: string[] = []
  if (!textsMatch(recorded.inputs, asked.inputs)) differences.push(`inputs: recorded ${show(recorded.inputs)}, got ${show(asked.inputs)}`)
  if (recorded.dimensions !== asked.dimensions)
    differences.push(`dimensions: recorded ${show(recorded.dimensions)}, got ${show(asked.dimensions)}`)
  return differences
}

function textsMatch(recorded: readonly string[], asked: readonly string[]): boolean {
  return recorded.length === asked.length && recorded.every((text, index) => textMatches(text, asked[index]!))
}

const patterns = new Map<string, RegExp>()

/** Equal, or equal but for the `[redacted]` placeholders, each of which stands for any text. */
export function textMatches(recorded: string, asked: string): boolean {
  if (!recorded.includes(redactedText)) return recorded === asked
  let pattern = patterns.get(recorded)
  if (!pattern) {
    const parts = recorded.split(redactedText).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    pattern = new RegExp(`^${parts.join('[\\s\\S]*?')}$`)
    patterns.set(recorded, pattern)
  }
  return pattern.test(asked)
}

/** A value as a difference quotes it: JSON, long texts cut in the middle. */
export function show(value: unknown): string {
  if (value === undefined) return 'none'
  const text = JSON.stringify(value)
  return text.length > quoteLength ? `${text.slice(0, quoteLength / 2)}…${text.slice(-quoteLength / 2)}` : text
}
