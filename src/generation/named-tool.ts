import type { ToolDefinition } from '../conversation/conversation.ts'

// Verbs that begin many tool names (`get_weather`, `list_files`): a request says them without
// asking for any one tool, so they do not name one. A tool whose name is one word (`Bash`, `Read`)
// is named by that word all the same.
const commonVerbs = new Set([
  'get',
  'set',
  'put',
  'add',
  'list',
  'make',
  'create',
  'update',
  'delete',
  'remove',
  'fetch',
  'find',
  'search',
  'run',
  'call',
  'use',
  'do',
  'read',
  'write',
  'check',
  'show',
  'tool',
])

/** The words of a tool's name: `get_weather`, `getWeather` and `get-weather` all give get, weather. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
}

// What coding agents add to the user's turn, each in a tag of its own: Claude Code's and Qwen Code's
// `<system-reminder>` (which name their tools: "the Skill tool"), Codex's `<environment_context>`,
// Gemini CLI's `<session_context>` (its folder listing). The user did not say those words.
const agentContext = /<([a-z][\w-]*)>[\s\S]*?<\/\1>/gi

/** The user's own words in a turn: its text without the tagged context an agent put in it. */
export function withoutAgentContext(text: string): string {
  return text.replace(agentContext, ' ')
}

/**
 * The offered tool the user's text names, as a model given tools would read it: a word of the
 * tool's name among the text's words ("weather" names `get_weather`), leaving out the common
 * verbs of names made of several words. The tool named by the most words wins; the first offered
 * one on a tie. Undefined when the text names none.
 */
export function namedTool(tools: readonly ToolDefinition[], text: string): ToolDefinition | undefined {
  const said = new Set(nameWords(withoutAgentContext(text)))
  let best: ToolDefinition | undefined
  let bestScore = 0
  for (const tool of tools) {
    const words = nameWords(tool.name)
    const telling = words.length > 1 ? words.filter((word) => !commonVerbs.has(word)) : words
    const score = telling.filter((word) => said.has(word)).length
    if (score > bestScore) {
      best = tool
      bestScore = score
    }
  }
  return best
}
