import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'

// The Realtime API's client events, as far as the mock reads them; unknown fields pass.

const contentPart = lazySchema(() =>
  z.looseObject({
    type: z.enum(['input_text', 'input_audio', 'input_image', 'output_text', 'output_audio', 'text', 'audio']),
    text: z.string().nullish(),
    transcript: z.string().nullish(),
    audio: z.string().nullish(),
  }),
)

/** A conversation item a client adds: a message, a function call, or a function call's output. */
const itemSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.looseObject({
      type: z.literal('message'),
      id: z.string().optional(),
      role: z.enum(['user', 'assistant', 'system']),
      content: z.array(contentPart),
    }),
    z.looseObject({
      type: z.literal('function_call'),
      id: z.string().optional(),
      call_id: z.string().optional(),
      name: z.string(),
      arguments: z.string(),
    }),
    z.looseObject({ type: z.literal('function_call_output'), id: z.string().optional(), call_id: z.string(), output: z.string() }),
  ]),
)

const tool = lazySchema(() =>
  z.looseObject({
    type: z.string(),
    name: z.string().optional(),
    description: z.string().nullish(),
    parameters: z.record(z.string(), z.unknown()).nullish(),
  }),
)
const toolChoice = lazySchema(() =>
  z.union([z.enum(['none', 'auto', 'required']), z.looseObject({ type: z.string(), name: z.string().optional() })]),
)
const maxOutputTokens = lazySchema(() => z.union([z.int().min(1).max(4096), z.literal('inf')]))
const modalities = lazySchema(() => z.array(z.enum(['text', 'audio'])).min(1))

/** The session fields a `session.update` may change (GA: `type` says which kind of session). */
const sessionUpdateSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('realtime'),
    instructions: z.string().optional(),
    output_modalities: modalities.optional(),
    tools: z.array(tool).optional(),
    tool_choice: toolChoice.optional(),
    max_output_tokens: maxOutputTokens.optional(),
    audio: z
      .looseObject({
        input: z.looseObject({}).optional(),
        output: z.looseObject({ voice: z.string().optional(), speed: z.number().optional() }).optional(),
      })
      .optional(),
  }),
)

/** What `response.create` may set for one response. */
const responseParams = lazySchema(() =>
  z.looseObject({
    instructions: z.string().optional(),
    output_modalities: modalities.optional(),
    tools: z.array(tool).optional(),
    tool_choice: toolChoice.optional(),
    max_output_tokens: maxOutputTokens.optional(),
    conversation: z.union([z.enum(['auto', 'none']), z.string()]).optional(),
    input: z.array(z.union([itemSchema, z.looseObject({ type: z.literal('item_reference'), id: z.string() })])).optional(),
    metadata: z.record(z.string(), z.string()).nullish(),
  }),
)

/** Every client event the mock takes, by `type`. */
export const clientEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('session.update'), event_id: z.string().optional(), session: sessionUpdateSchema }),
    z.looseObject({
      type: z.literal('conversation.item.create'),
      event_id: z.string().optional(),
      previous_item_id: z.string().nullish(),
      item: itemSchema,
    }),
    z.looseObject({ type: z.literal('conversation.item.retrieve'), event_id: z.string().optional(), item_id: z.string() }),
    z.looseObject({ type: z.literal('conversation.item.delete'), event_id: z.string().optional(), item_id: z.string() }),
    z.looseObject({
      type: z.literal('conversation.item.truncate'),
      event_id: z.string().optional(),
      item_id: z.string(),
      content_index: z.int().nonnegative(),
      audio_end_ms: z.int().nonnegative(),
    }),
    z.looseObject({ type: z.literal('input_audio_buffer.append'), event_id: z.string().optional(), audio: z.string() }),
    z.looseObject({ type: z.literal('input_audio_buffer.commit'), event_id: z.string().optional() }),
    z.looseObject({ type: z.literal('input_audio_buffer.clear'), event_id: z.string().optional() }),
    z.looseObject({ type: z.literal('response.create'), event_id: z.string().optional(), response: responseParams.optional() }),
    z.looseObject({ type: z.literal('response.cancel'), event_id: z.string().optional(), response_id: z.string().optional() }),
  ]),
)

let types: readonly string[] | undefined

/** The `type` of every client event the mock takes, read from `clientEventSchema` the first time they are asked for. */
export function clientEventTypes(): readonly string[] {
  return (types ??= clientEventSchema.unwrap().options.map((option) => option.shape.type.value))
}

export type ClientEvent = z.output<typeof clientEventSchema>
export type ClientItem = z.output<typeof itemSchema>
export type SessionUpdate = z.output<typeof sessionUpdateSchema>
export type ResponseParams = z.output<typeof responseParams>
