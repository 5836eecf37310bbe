import Anthropic from '@anthropic-ai/sdk'
import { FunctionCallingConfigMode, GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { namedTool } from '../../src/generation/named-tool.ts'
import { eitherMode, useHarness } from '../support/modes.ts'

const weatherSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
const tool = (name: string) => ({ name, description: '', parameters: {} })

describe('namedTool: the offered tool a user turn names', () => {
  it('a word of the name names it, in any spelling of the name', () => {
    expect(namedTool([tool('list_files'), tool('get_weather')], "What's the weather in Paris?")?.name).toBe('get_weather')
    expect(namedTool([tool('getWeather')], 'weather please')?.name).toBe('getWeather')
    expect(namedTool([tool('exec_command')], 'Run the command ls')?.name).toBe('exec_command')
    expect(namedTool([tool('Bash'), tool('Read')], 'use bash to count the files')?.name).toBe('Bash')
  })

  it('a greeting, or only a common verb of a longer name, names none', () => {
    expect(namedTool([tool('Bash'), tool('Agent'), tool('get_weather')], 'Say hello')).toBeUndefined()
    expect(namedTool([tool('get_weather'), tool('list_files')], 'Get me a list of ideas')).toBeUndefined()
  })

  it('the context an agent tags into the turn is not the user naming a tool', () => {
    const skills = '<system-reminder>\nThe following skills are available for use with the Skill tool.\n</system-reminder>'
    const folder = '<session_context>\nThe directory holds: README.md\n</session_context>'
    expect(namedTool([tool('Skill'), tool('Bash')], `${skills}\nSay hello`)).toBeUndefined()
    expect(namedTool([tool('list_directory')], `${folder}\nSay hello`)).toBeUndefined()
    expect(namedTool([tool('Skill'), tool('Bash')], `${skills}\nUse bash to count the files`)?.name).toBe('Bash')
  })

  it('the tool named by the most words wins, the first offered on a tie', () => {
    expect(namedTool([tool('read_file'), tool('file_search_index')], 'search the file index')?.name).toBe('file_search_index')
    expect(namedTool([tool('weather_now'), tool('weather_later')], 'weather')?.name).toBe('weather_now')
  })
})

describe.each(eitherMode)('the default reply with tools offered ($name)', (mode) => {
  const harness = useHarness(mode)
  const openai = () => new OpenAI({ apiKey: 'sk-unrestricted', baseURL: `${harness.baseUrl}/v1`, maxRetries: 0 })
  const anthropic = () => new Anthropic({ apiKey: 'sk-unrestricted', baseURL: harness.baseUrl, maxRetries: 0 })
  const genai = () => new GoogleGenAI({ apiKey: 'sk-unrestricted', httpOptions: { baseUrl: harness.baseUrl } })

  const chatTools = [
    {
      type: 'function' as const,
      function: { name: 'run_shell', parameters: { type: 'object', properties: { command: { type: 'string' } } } },
    },
    { type: 'function' as const, function: { name: 'get_weather', parameters: weatherSchema } },
  ]
  const chat = (content: string, more: Partial<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming> = {}) =>
    openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content }], tools: chatTools, ...more })

  it('chat: text for a greeting; the named tool, with arguments from its schema, when the user asks for it', async () => {
    const hello = await chat('Say hello')
    expect(hello.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: expect.stringContaining('Say hello') } })
    expect(hello.choices[0]!.message.tool_calls).toBeUndefined()

    const weather = await chat('What is the weather in Paris?')
    expect(weather.choices[0]!.finish_reason).toBe('tool_calls')
    const [call] = weather.choices[0]!.message.tool_calls!
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather' } })
    expect(JSON.parse((call as OpenAI.Chat.ChatCompletionMessageFunctionToolCall).function.arguments)).toEqual({ city: expect.any(String) })
  })

  it('chat: tool_choice required or a named tool calls one whatever the prompt; none never does', async () => {
    const required = await chat('Say hello', { tool_choice: 'required' })
    expect(required.choices[0]!.message.tool_calls).toEqual([
      expect.objectContaining({ function: expect.objectContaining({ name: 'run_shell' }) }),
    ])
    const named = await chat('Say hello', { tool_choice: { type: 'function', function: { name: 'get_weather' } } })
    expect(named.choices[0]!.message.tool_calls).toEqual([
      expect.objectContaining({ function: expect.objectContaining({ name: 'get_weather' }) }),
    ])
    const none = await chat('What is the weather?', { tool_choice: 'none' })
    expect(none.choices[0]!.message.tool_calls).toBeUndefined()
  })

  it('Responses: text for a greeting, the named tool when asked', async () => {
    const tools = [{ type: 'function' as const, name: 'get_weather', parameters: weatherSchema, strict: false }]
    const hello = await openai().responses.create({ model: 'gpt-4o', input: 'Say hello', tools })
    expect(hello.output.map((item) => item.type)).toEqual(['message'])
    const weather = await openai().responses.create({ model: 'gpt-4o', input: 'weather in Rome?', tools })
    expect(weather.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'get_weather' })])
  })

  it('Anthropic: text for a greeting; any and tool make it call one', async () => {
    const tools = [{ name: 'get_weather', input_schema: weatherSchema as Anthropic.Tool['input_schema'] }]
    const ask = { model: 'claude-sonnet-4-6', max_tokens: 1024, tools, messages: [{ role: 'user' as const, content: 'Say hello' }] }
    const hello = await anthropic().messages.create(ask)
    expect(hello.content.map((block) => block.type)).toEqual(['text'])
    expect(hello.stop_reason).toBe('end_turn')
    const any = await anthropic().messages.create({ ...ask, tool_choice: { type: 'any' } })
    expect(any.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'get_weather' })])
    const named = await anthropic()
      .messages.stream({ ...ask, tool_choice: { type: 'tool', name: 'get_weather' } })
      .finalMessage()
    expect(named.stop_reason).toBe('tool_use')
  })

  it('Gemini: text for a greeting; ANY mode calls a function', async () => {
    const config = { tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: weatherSchema }] }] }
    const hello = await genai().models.generateContent({ model: 'gemini-2.5-flash', contents: 'Say hello', config })
    expect(hello.functionCalls).toBeUndefined()
    expect(hello.text).toContain('Say hello')
    const any = await genai().models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Say hello',
      config: { ...config, toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } } },
    })
    expect(any.functionCalls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: expect.any(String) } })])
  })
})
