import { z } from 'zod'
import { lazySchema } from '../schema/lazy-schema.ts'

// What identifies a request in a recording, apart from the rest of the format: the routes that
// replay key their requests by these, and the recording's schema checks each exchange's key.

/** The placeholder a redaction leaves in recorded text; in a recorded request it matches any text. */
export const redactedText = '[redacted]'

/** What identifies a generation request: its conversation, reduced to what tells one request of a session from another. */
export const conversationKeySchema = lazySchema(() =>
  z
    .strictObject({
      lastUserTurn: z
        .string()
        .optional()
        .describe(`The text of the last user turn. "${redactedText}" in it matches any text. Leave the field out to match any.`),
      turns: z
        .int()
        .nonnegative()
        .optional()
        .describe('How many turns (user, assistant, tool) the conversation has. Leave it out to match any.'),
      toolResults: z
        .array(z.string())
        .optional()
        .describe(
          'The tool results sent after the last user turn, in order: what tells the steps of a tool loop apart. Leave it out to match any.',
        ),
      tools: z.array(z.string()).optional().describe('The names of the tools the request offers, in order. Leave it out to match any.'),
      toolsHash: z
        .string()
        .nullable()
        .optional()
        .describe('A hash of the tool definitions (names, descriptions, parameters); null for none. Leave it out to match any.'),
      systemHash: z
        .string()
        .nullable()
        .optional()
        .describe('A hash of the system prompt; null for none. Leave it out to match any system prompt (one that carries a date, say).'),
    })
    .describe('What identifies a generation request (chat, Responses, messages, generateContent). Every field given must match.'),
)

/** What identifies an embedding request. */
export const embeddingKeySchema = lazySchema(() =>
  z
    .strictObject({
      inputs: z.array(z.string()).describe(`The texts to embed, in order ("${redactedText}" matches any text).`),
      dimensions: z.int().positive().optional().describe('The dimensions asked for, when the request asked.'),
    })
    .describe('What identifies an embedding request.'),
)

export type ConversationKey = z.output<typeof conversationKeySchema>
export type EmbeddingKey = z.output<typeof embeddingKeySchema>
export type RequestKey = ConversationKey | EmbeddingKey
