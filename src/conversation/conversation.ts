/**
 * A generation request with the surface taken out: each surface translates its body into this,
 * and generation, token counting and the context check work on it alone.
 */
export interface Conversation {
  /** System instructions, joined. */
  system: string
  turns: Turn[]
  tools: ToolDefinition[]
  toolChoice: ToolChoice
  /** The output limit the client asked for, if any. */
  maxOutputTokens: number | undefined
  /** The shape the reply must take; free text when absent. */
  output?: OutputFormat
  /** A bare prompt (`/v1/completions`): counted as its text alone, without the framing chat messages get. */
  bare?: boolean
  /**
   * The client asked to see the model think (Anthropic `thinking`, Gemini `includeThoughts`, a
   * Responses `reasoning.summary`): the reply then reasons first, as such a model does. `omitted`:
   * Anthropic's `display: "omitted"`, a thinking block whose text is left out (its signature kept).
   */
  thinking?: 'shown' | 'omitted'
}

/**
 * Structured output, as every surface asks for it (`response_format`, `output_config.format`,
 * `responseMimeType` with a schema, the Responses API's `text.format`): any JSON object, or an
 * instance of a JSON Schema (or Gemini Schema), or (Gemini's `text/x.enum`) one of a list of
 * values as bare text.
 */
export type OutputFormat =
  { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; schema: unknown; name?: string } | { type: 'enum'; values: string[] }

export interface Turn {
  role: 'user' | 'assistant' | 'tool'
  /** The turn's text; for a tool turn, the tool's result. */
  text: string
  /** Calls an assistant turn made. */
  toolCalls: ToolCall[]
  /**
   * A prompt given as token ids (`/v1/completions`), whose text is their decimal form and the
   * suffix after it: counted as one token per id, then the suffix's tokens, not by that text.
   */
  tokenIds?: { count: number; suffix: string }
  /** For a tool turn: the name of the tool whose result this is, when the surface says. */
  toolName?: string
  /** For a tool turn: the id of the call whose result this is, when the surface gives one. */
  toolCallId?: string
}

export interface ToolDefinition {
  name: string
  description: string
  /** JSON Schema of the arguments. */
  parameters: unknown
  /** A freeform tool (Responses `custom`): called with plain text, not arguments. */
  freeform?: boolean
}

/** `auto`: the model may call a tool; `required`: it must; `{ name }`: it must call that one. */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string }

export interface ToolCall {
  id: string
  name: string
  arguments: Record<string, unknown>
  /** A freeform call's text (a Responses `custom_tool_call`); its `arguments` are then `{ input }`. */
  input?: string
}

/** The text of the last user turn, which the default reply quotes. */
export function lastUserText(conversation: Conversation): string {
  for (let i = conversation.turns.length - 1; i >= 0; i--) {
    const turn = conversation.turns[i]!
    if (turn.role === 'user') return turn.text
  }
  return ''
}
