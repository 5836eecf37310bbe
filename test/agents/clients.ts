// The coding agents people point at a gateway, pinned, with how each is pointed at one (see
// docs/agents.md). Each runs in a throwaway HOME and working folder: a tool call is executed for real.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** What the test hands a client: where the gateway is, the key, and the folders it may use. */
export interface ClientSetting {
  baseUrl: string
  key: string
  home: string
  work: string
}

/** A tool call that writes `file` (relative to the working folder) with `content`, in the client's own tool. */
export type WriteCall = { name: string; arguments: Record<string, unknown> } | { name: string; input: string }

export interface AgentClient {
  name: string
  package: string
  version: string
  /** The executable in the install's node_modules/.bin. */
  bin: string
  /** The world model every name it asks for is served as (`anyModel`). */
  anyModel: string
  /** Writes the client's configuration into HOME or the working folder and returns its environment. */
  configure(setting: ClientSetting): Record<string, string>
  /** The arguments of a non-interactive run that may write files. */
  args(prompt: string): string[]
  /** The client's own file-writing tool call. */
  writeCall(work: string, file: string, content: string): WriteCall
  /** Whether it talks over a WebSocket (Codex's `supports_websockets`): the test checks it did. */
  websocket?: boolean
  /** Side calls a script must not count: opencode's title request, Gemini CLI's routing classifier. */
  ignore?: Record<string, unknown>[]
}

const quiet = { NO_COLOR: '1', CI: '1' }

export const clients: AgentClient[] = [
  {
    name: 'Claude Code',
    package: '@anthropic-ai/claude-code',
    version: '2.1.332',
    bin: 'claude',
    anyModel: 'claude-sonnet-4-6',
    configure: ({ baseUrl, key }) => ({
      ...quiet,
      ANTHROPIC_BASE_URL: baseUrl,
      ANTHROPIC_API_KEY: key,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    }),
    args: (prompt) => ['-p', prompt, '--output-format', 'json', '--allowedTools', 'Write'],
    writeCall: (work, file, content) => ({ name: 'Write', arguments: { file_path: join(work, file), content } }),
  },
  codex(false),
  codex(true),
  {
    name: 'Gemini CLI',
    package: '@google/gemini-cli',
    version: '0.61.0',
    bin: 'gemini',
    anyModel: 'gemini-2.5-flash',
    configure: ({ baseUrl, key, home }) => {
      mkdirSync(join(home, '.gemini'), { recursive: true })
      writeFileSync(
        join(home, '.gemini', 'settings.json'),
        JSON.stringify({
          security: { auth: { selectedType: 'gemini-api-key' } },
          telemetry: { enabled: false },
          general: { disableAutoUpdate: true, disableUpdateNag: true },
          privacy: { usageStatisticsEnabled: false },
        }),
      )
      return { ...quiet, GEMINI_API_KEY: key, GOOGLE_GEMINI_BASE_URL: baseUrl, GEMINI_CLI_TRUST_WORKSPACE: 'true' }
    },
    args: (prompt) => ['-p', prompt, '--output-format', 'json', '--yolo'],
    writeCall: (work, file, content) => ({ name: 'write_file', arguments: { file_path: join(work, file), content } }),
    // Its routing classifier (and its next-speaker check) are the only calls it does not stream.
    ignore: [{ stream: false }],
  },
  {
    name: 'opencode',
    package: 'opencode-ai',
    version: '1.18.33',
    bin: 'opencode',
    anyModel: 'gpt-4o',
    configure: ({ baseUrl, key, work }) => {
      writeFileSync(
        join(work, 'opencode.json'),
        JSON.stringify({
          provider: {
            mock: {
              npm: '@ai-sdk/openai-compatible',
              name: 'mock',
              options: { baseURL: `${baseUrl}/v1`, apiKey: key },
              models: { 'agent-main': { name: 'agent-main' }, 'agent-small': { name: 'agent-small' } },
            },
          },
          model: 'mock/agent-main',
          small_model: 'mock/agent-small',
          permission: { bash: 'allow', edit: 'allow' },
          autoupdate: false,
          share: 'disabled',
        }),
      )
      return { ...quiet, OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_SHARE: '1' }
    },
    args: (prompt) => ['run', prompt],
    writeCall: (work, file, content) => ({ name: 'write', arguments: { filePath: join(work, file), content } }),
    // Its title request goes to small_model.
    ignore: [{ model: 'agent-small' }],
  },
  {
    name: 'Qwen Code',
    package: '@qwen-code/qwen-code',
    version: '0.24.4',
    bin: 'qwen',
    anyModel: 'gpt-4o',
    configure: ({ baseUrl, key, home }) => {
      mkdirSync(join(home, '.qwen'), { recursive: true })
      writeFileSync(
        join(home, '.qwen', 'settings.json'),
        JSON.stringify({
          security: { auth: { selectedType: 'openai' } },
          telemetry: { enabled: false },
          privacy: { usageStatisticsEnabled: false },
          general: { disableAutoUpdate: true },
        }),
      )
      return { ...quiet, OPENAI_API_KEY: key, OPENAI_BASE_URL: `${baseUrl}/v1` }
    },
    args: (prompt) => ['-p', prompt, '--output-format', 'json', '--yolo'],
    writeCall: (work, file, content) => ({ name: 'write_file', arguments: { file_path: join(work, file), content } }),
    // After a turn it may ask the model, with tools of its own, what to keep in its managed memory.
    ignore: [{ message: '/managed memory/i' }],
  },
]

function codex(websockets: boolean): AgentClient {
  return {
    name: websockets ? 'Codex CLI over a WebSocket' : 'Codex CLI',
    websocket: websockets,
    package: '@openai/codex',
    version: '0.171.0',
    bin: 'codex',
    anyModel: 'gpt-4o',
    configure: ({ baseUrl, key, home }) => {
      const codexHome = join(home, '.codex')
      mkdirSync(codexHome, { recursive: true })
      writeFileSync(
        join(codexHome, 'config.toml'),
        [
          'model_provider = "mock"',
          'check_for_update_on_startup = false',
          '[model_providers.mock]',
          'name = "mock"',
          `base_url = "${baseUrl}/v1"`,
          'env_key = "MOCK_GATEWAY_KEY"',
          'wire_api = "responses"',
          // Its warm-up `response.create` with `generate: false` comes first on the socket.
          ...(websockets ? ['supports_websockets = true'] : []),
          '[analytics]',
          'enabled = false',
          '',
        ].join('\n'),
      )
      return { ...quiet, CODEX_HOME: codexHome, MOCK_GATEWAY_KEY: key }
    },
    args: (prompt) => ['exec', '--skip-git-repo-check', '-s', 'workspace-write', prompt],
    // Its default model runs everything through the freeform `exec` tool, whose input is JavaScript.
    writeCall: (_work, file, content) => ({
      name: 'exec',
      input: `const result = await tools.apply_patch(${JSON.stringify(`*** Begin Patch\n*** Add File: ${file}\n+${content}\n*** End Patch\n`)});\ntext(result);\n`,
    }),
  }
}
