import { describe, expect, it } from 'vitest'
import { parseBody } from '../../../src/pipeline/body/parse-body.ts'
import { responsesConversation } from '../../../src/surfaces/openai/responses/responses-conversation.ts'
import { responsesRequestSchema } from '../../../src/surfaces/openai/responses/responses-request.ts'

// What compose-reply reads of a Responses request: the structured output it asks for (compose-reply
// honouring `output` is tested with every surface), and the turns its items spell.
const nothingStored = { itemsOf: () => undefined, item: () => undefined }
const read = (body: Record<string, unknown>) =>
  responsesConversation(parseBody(responsesRequestSchema, { model: 'gpt-4o-mini', input: 'Hi', ...body }), nothingStored).conversation

describe('the conversation a Responses request holds', () => {
  it('maps text.format onto the structured output it asks for', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
    expect(read({ text: { format: { type: 'json_schema', name: 'weather', schema, strict: true } } }).output).toEqual({
      type: 'json_schema',
      schema,
      name: 'weather',
    })
    expect(read({ text: { format: { type: 'json_object' } } }).output).toEqual({ type: 'json_object' })
    expect(read({ text: { format: { type: 'text' } } }).output).toBeUndefined()
    expect(read({}).output).toBeUndefined()
  })

  it('joins calls to the assistant turn before them and names the tool of each output', () => {
    const conversation = read({
      instructions: 'Be brief.',
      input: [
        { role: 'system', content: 'Answer in English.' },
        { role: 'user', content: 'Weather in Paris and the time?' },
        { role: 'assistant', content: 'Checking.' },
        { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'c2', name: 'get_time', arguments: 'not json' },
        { type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_text', text: '21 C' }] },
        { type: 'function_call_output', call_id: 'c2', output: '12:00' },
      ],
      tools: [{ type: 'function', name: 'get_weather' }, { type: 'web_search' }],
      tool_choice: 'required',
      max_output_tokens: 64,
    })
    expect(conversation).toEqual({
      system: 'Be brief.\nAnswer in English.',
      turns: [
        { role: 'user', text: 'Weather in Paris and the time?', toolCalls: [] },
        {
          role: 'assistant',
          text: 'Checking.',
          toolCalls: [
            { id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } },
            { id: 'c2', name: 'get_time', arguments: { arguments: 'not json' } },
          ],
        },
        { role: 'tool', text: '21 C', toolCalls: [], toolName: 'get_weather', toolCallId: 'c1' },
        { role: 'tool', text: '12:00', toolCalls: [], toolName: 'get_time', toolCallId: 'c2' },
      ],
      tools: [{ name: 'get_weather', description: '', parameters: {} }],
      toolChoice: 'required',
      maxOutputTokens: 64,
    })
  })
})
