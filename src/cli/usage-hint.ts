import { nearest } from '../scenarios/nearest.ts'

/** The CLI's command names: the top level, and the subcommands of those that have some. */
export interface CommandNames {
  top: readonly string[]
  sub: Readonly<Record<string, readonly string[]>>
}

/**
 * A yargs usage message as the CLI prints it: a flag without its value says so by the flag's
 * name, and an unknown word where a command goes gets the command it was likely meant to be
 * (`scenario list` → `llm-gateway-mock scenarios list`).
 */
export function usageMessage(message: string, argv: readonly string[], commands: CommandNames): string {
  const missing = message.match(/^Not enough arguments following: (\S+)$/)
  if (missing) return `${flag(missing[1]!)} needs a value.`
  const unknown = message.match(/^Unknown arguments?: (.+)$/)
  if (!unknown) return message
  const suggestion = suggestCommand(unknown[1]!.split(', '), argv, commands)
  return suggestion === undefined ? message : `${message}\nDid you mean: llm-gateway-mock ${suggestion}`
}

function flag(name: string): string {
  return name.length === 1 ? `-${name}` : `--${name}`
}

/** The command line with the first unknown word that stands where a command goes replaced by the nearest command. */
function suggestCommand(unknown: readonly string[], argv: readonly string[], commands: CommandNames): string | undefined {
  // Words, not flags: yargs lists unknown flags by name too.
  const words = argv.filter((arg) => !arg.startsWith('-'))
  const word = unknown.find((name) => words.includes(name))
  if (word === undefined) return undefined
  // Flag values are words too, so the place is told by the commands before it: after one with
  // subcommands (`scenarios lst`) it is a subcommand; after none it is a command; after `keys`, nothing.
  const before = words.slice(0, words.indexOf(word))
  const parent = before.findLast((name) => commands.top.includes(name))
  const candidates = parent === undefined ? commands.top : commands.sub[parent]
  const replacement = candidates && nearest(word, candidates)
  if (replacement === undefined) return undefined
  return argv.map((arg) => (arg === word ? replacement : arg)).join(' ')
}
