import { nearest } from '../../text/nearest.ts'

/** The CLI's command names: the top level, and the subcommands of those that have some. */
export interface CommandNames {
  top: readonly string[]
  sub: Readonly<Record<string, readonly string[]>>
}

/**
 * A yargs usage message as the CLI prints it: a flag without its value says so by the flag's
 * name; an unknown word where a command goes gets the command it was likely meant to be
 * (`scenario list` → `llm-gateway-mock scenarios list`), and an unknown flag the nearest of
 * `flags`, those the command takes (`--porte 0` → `llm-gateway-mock --port 0`).
 */
export function usageMessage(message: string, argv: readonly string[], commands: CommandNames, flags: readonly string[] = []): string {
  const missing = message.match(/^Not enough arguments following: (\S+)$/)
  if (missing) return `${flag(missing[1]!)} needs a value.`
  const unknown = message.match(/^Unknown arguments?: (.+)$/)
  if (!unknown) return message
  const names = unknown[1]!.split(', ')
  // A misspelt command comes first: the flags after it are the intended command's, not this one's.
  const suggestion = suggestCommand(names, argv, commands) ?? suggestFlags(names, argv, flags)
  const said = unknownAsGiven(names, argv) ?? message
  return suggestion === undefined ? said : `${said}\nDid you mean: llm-gateway-mock ${suggestion}`
}

/**
 * "Unknown argument: --porte" as the user wrote it, where yargs says "porte" and adds the camelCase
 * twin of a dashed name it made up itself (`max-body-mbb, maxBodyMbb`).
 */
function unknownAsGiven(names: readonly string[], argv: readonly string[]): string | undefined {
  const given = names.flatMap((name) => {
    const written = argv.find((arg) => arg === name || [`-${name}`, `--${name}`, `--no-${name}`].includes(arg.replace(/=.*$/s, '')))
    if (written === undefined) return []
    return [written.startsWith('-') ? written.replace(/=.*$/s, '') : name]
  })
  if (given.length === 0) return undefined
  return `Unknown argument${given.length === 1 ? '' : 's'}: ${given.join(', ')}`
}

function flag(name: string): string {
  return name.length === 1 ? `-${name}` : `--${name}`
}

/** The command line with each unknown long flag replaced by the nearest known one, if any is near. */
function suggestFlags(unknown: readonly string[], argv: readonly string[], flags: readonly string[]): string | undefined {
  const long = flags.filter((name) => name.length > 1)
  let changed = false
  const line = argv.map((arg) => {
    const given = /^--(no-)?([^=]+)(=.*)?$/s.exec(arg)
    if (!given) return arg
    const [, negated = '', name, value = ''] = given
    // yargs names `--no-x` as `no-x` when it knows no `x`.
    if (!unknown.includes(name!) && !unknown.includes(`${negated}${name}`)) return arg
    const guess = nearFlag(name!, long) ?? (negated ? undefined : nearFlag(name!.replace(/^no-/, ''), long))
    if (guess === undefined) return arg
    changed = true
    return `--${negated}${guess}${value}`
  })
  return changed ? line.join(' ') : undefined
}

/**
 * The flag `word` was likely meant to be: closer than a command or a value must be, as flags are
 * short and another real one is seldom far (`--host` is two edits from `--out`): one edit, two in
 * a long name, or two letters swapped (`--quite`).
 */
function nearFlag(word: string, flags: readonly string[]): string | undefined {
  return nearest(word, flags, word.length >= 8 ? 2 : 1) ?? flags.find((flag) => swapped(word, flag))
}

/** Whether `a` is `b` with two neighbouring letters swapped. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const at = [...a].findIndex((letter, index) => letter !== b[index])
  return at !== -1 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2)
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
