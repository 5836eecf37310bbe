import { z } from 'zod'
import { lazySchema } from '../../../schema/lazy-schema.ts'
import type { Conversation, ToolCall, ToolChoice, ToolDefinition, Turn } from '../../../conversation/conversation.ts'
import { memoByObject } from '../../../cache/memo.ts'

const jsonObject = lazySchema(() => z.record(z.string(), z.unknown()))

// One part of a Content. Kinds the gateway does not read (inlineData, fileData, thought
// signatures, executable code) pass through untouched.
const part = lazySchema(() =>
  z.looseObject({
    text: z.string().optional(),
    functionCall: z.looseObject({ name: z.string().min(1), args: jsonObject.nullish(), id: z.string().optional() }).optional(),
    functionResponse: z.looseObject({ name: z.string().min(1), response: z.unknown().optional(), id: z.string().optional() }).optional(),
  }),
)

const content = lazySchema(() =>
  z.looseObject({
    role: z.enum(['user', 'model', 'function', 'tool'], { error: 'role must be "user" or "model"' }).optional(),
    parts: z.array(part),
  }),
)

const systemInstruction = lazySchema(() => z.looseObject({ role: z.string().optional(), parts: z.array(part) }))

const functionDeclaration = lazySchema(() =>
  z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: jsonObject.optional(),
    parametersJsonSchema: jsonObject.optional(),
  }),
)

// Only function declarations matter; googleSearch, codeExecution and the like are accepted and ignored.
const tool = lazySchema(() => z.looseObject({ functionDeclarations: z.array(functionDeclaration).optional() }))

const toolConfig = lazySchema(() =>
  z.looseObject({
    functionCallingConfig: z
      .looseObject({
        mode: z.enum(['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']).optional(),
        allowedFunctionNames: z.array(z.string()).optional(),
      })
      .optional(),
  }),
)

const mimeTypes = ['text/plain', 'application/json', 'text/x.enum', 'application/xml', 'application/yaml']
const mimeType = lazySchema(() => z.enum(mimeTypes, { error: `allowed MIME types are ${mimeTypes.join(', ')}` }))

// Structured output: `responseMimeType: application/json`, alone (any JSON) or with a schema, as
// Gemini's OpenAPI-style `responseSchema` or as JSON Schema in `responseJsonSchema`; or
// `text/x.enum` with a schema's enum. The API's JSON also takes the proto's snake_case names.
const generationConfig = lazySchema(() =>
  z
    .looseObject({
      maxOutputTokens: z.int().positive().optional(),
      candidateCount: z.literal(1, { error: 'the gateway generates one candidate: candidateCount must be 1' }).optional(),
      responseMimeType: mimeType.optional(),
      response_mime_type: mimeType.optional(),
      responseSchema: jsonObject.optional(),
      response_schema: jsonObject.optional(),
      responseJsonSchema: jsonObject.optional(),
      response_json_schema: jsonObject.optional(),
    })
    .superRefine((config, ctx) => {
      const mimeField = config.response_mime_type !== undefined ? 'response_mime_type' : 'responseMimeType'
      const schemaField = config.response_schema !== undefined ? 'response_schema' : 'responseSchema'
      const jsonSchemaField = config.response_json_schema !== undefined ? 'response_json_schema' : 'responseJsonSchema'
      const { mime, schema, jsonSchema } = outputFields(config)
      if (schema && jsonSchema) {
        ctx.addIssue({ code: 'custom', path: [jsonSchemaField], message: `give either ${schemaField} or ${jsonSchemaField}, not both` })
      } else if ((schema ?? jsonSchema) && mime !== 'application/json' && mime !== 'text/x.enum') {
        const field = schema ? schemaField : jsonSchemaField
        ctx.addIssue({ code: 'custom', path: [mimeField], message: `must be application/json or text/x.enum when ${field} is set` })
      } else if (mime === 'text/x.enum' && enumValues(schema ?? jsonSchema).length === 0) {
        ctx.addIssue({ code: 'custom', path: [schemaField], message: 'text/x.enum needs a schema with a non-empty enum of strings' })
      }
    }),
)

type GenerationConfig = z.output<typeof generationConfig>

/** The structured output fields, whichever spelling the client used. */
function outputFields(config: GenerationConfig) {
  return {
    mime: config.responseMimeType ?? config.response_mime_type,
    schema: config.responseSchema ?? config.response_schema,
    jsonSchema: config.responseJsonSchema ?? config.response_json_schema,
  }
}

function enumValues(schema: Record<string, unknown> | undefined): string[] {
  const values = schema?.enum
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : []
}

const contents = lazySchema(() => z.array(content).min(1))

/** `models/{model}:generateContent` and `:streamGenerateContent`: the fields the gateway reads. */
export const generateContentRequestSchema = lazySchema(() =>
  z.looseObject({
    contents,
    systemInstruction: systemInstruction.optional(),
    system_instruction: systemInstruction.optional(),
    generationConfig: generationConfig.optional(),
    safetySettings: z.array(z.unknown()).optional(),
    tools: z.array(tool).optional(),
    toolConfig: toolConfig.optional(),
  }),
)

/** `models/{model}:countTokens`: bare `contents`, or a whole `generateContentRequest`, which wins when both are sent (as Google documents). */
export const countTokensRequestSchema = lazySchema(() =>
  z
    .looseObject({ contents: contents.optional(), generateContentRequest: generateContentRequestSchema.optional() })
    .superRefine((body, ctx) => {
      if (body.contents === undefined && body.generateContentRequest === undefined) {
        ctx.addIssue({ code: 'custom', path: ['contents'], message: 'Field required (or send a generateContentRequest)' })
      }
    }),
)

export type GenerateContentRequest = z.output<typeof generateContentRequestSchema>
export type CountTokensRequest = z.output<typeof countTokensRequestSchema>
type Content = z.output<typeof content>

/**
 * The conversation a generateContent request holds, in the surface-neutral form generation reads. Remembered
 * per body object: bodies are remembered by their text, so a repeated request skips this.
 */
export const generateConversation = memoByObject((request: GenerateContentRequest): Conversation => {
  const system = request.systemInstruction ?? request.system_instruction
  return {
    system: (system?.parts ?? []).flatMap((p) => (p.text === undefined ? [] : [p.text])).join('\n'),
    turns: request.contents.flatMap(toTurns),
    tools: (request.tools ?? [])
      .flatMap((t) => t.functionDeclarations ?? [])
      .map((f): ToolDefinition => ({
        name: f.name,
        description: f.description ?? '',
        parameters: f.parameters ?? f.parametersJsonSchema ?? {},
      })),
    toolChoice: toToolChoice(request),
    maxOutputTokens: request.generationConfig?.maxOutputTokens,
    ...outputOf(request.generationConfig),
    // Thought parts come only when asked for with includeThoughts, as Gemini's.
    ...((request.generationConfig as { thinkingConfig?: { includeThoughts?: unknown } } | undefined)?.thinkingConfig?.includeThoughts ===
      true && {
      thinking: 'shown' as const,
    }),
  }
})

/** JSON (following the schema, if any) for `application/json`, an enum value for `text/x.enum`; other types are free text. */
function outputOf(config: GenerationConfig | undefined): Pick<Conversation, 'output'> {
  if (!config) return {}
  const { mime, schema, jsonSchema } = outputFields(config)
  const given = schema ?? jsonSchema
  if (mime === 'text/x.enum') return { output: { type: 'enum', values: enumValues(given) } }
  if (mime !== 'application/json') return {}
  return { output: given ? { type: 'json_schema', schema: given } : { type: 'json_object' } }
}

export function countTokensConversation(request: CountTokensRequest): Conversation {
  const inner = request.generateContentRequest
  if (inner) return generateConversation(inner)
  return generateConversation({ contents: request.contents ?? [] })
}

/**
 * A `model` content is one assistant turn carrying its function calls. Any other content is
 * the caller's: each `functionResponse` becomes a tool turn, and the text around them user
 * turns, in the order they were sent, so a reply to a function result sees it last.
 */
function toTurns(c: Content, contentIndex: number): Turn[] {
  if (c.role === 'model') {
    const toolCalls = c.parts.flatMap((p, i): ToolCall[] =>
      p.functionCall
        ? [{ id: p.functionCall.id ?? `${contentIndex}.${i}`, name: p.functionCall.name, arguments: p.functionCall.args ?? {} }]
        : [],
    )
    return [{ role: 'assistant', text: textOf(c.parts), toolCalls }]
  }
  const turns: Turn[] = []
  let pending: Content['parts'] = []
  const flushText = () => {
    if (pending.length > 0) turns.push({ role: 'user', text: textOf(pending), toolCalls: [] })
    pending = []
  }
  for (const p of c.parts) {
    if (p.functionResponse) {
      flushText()
      turns.push({
        role: 'tool',
        text: JSON.stringify(p.functionResponse.response ?? {}),
        toolCalls: [],
        toolName: p.functionResponse.name,
        ...(p.functionResponse.id !== undefined && { toolCallId: p.functionResponse.id }),
      })
    } else {
      pending.push(p)
    }
  }
  flushText()
  // A content with no parts is still a (blank) user turn: it counts toward the prompt.
  return turns.length > 0 ? turns : [{ role: 'user', text: '', toolCalls: [] }]
}

function textOf(parts: Content['parts']): string {
  return parts.map((p) => p.text ?? '').join('')
}

/** ANY with allowed names must call one of them: the first declared one, as the echo reply calls one tool. */
function toToolChoice(request: GenerateContentRequest): ToolChoice {
  const config = request.toolConfig?.functionCallingConfig
  switch (config?.mode) {
    case 'NONE':
      return 'none'
    case 'ANY': {
      const allowed = config.allowedFunctionNames ?? []
      if (allowed.length === 0) return 'required'
      const declared = (request.tools ?? []).flatMap((t) => t.functionDeclarations ?? []).map((f) => f.name)
      return { name: declared.find((name) => allowed.includes(name)) ?? allowed[0]! }
    }
    default:
      return 'auto'
  }
}
