import type { Options } from 'yargs'
import { checkServeArgs, serveOptions, type ServeArgs } from './serve-options.ts'

const options: Readonly<Record<string, Options>> = serveOptions
const byAlias = new Map(Object.entries(options).flatMap(([name, option]) => [option.alias ?? []].flat().map((alias) => [alias, name])))

/**
 * The serve command's arguments read without yargs, for the plain command lines that start a
 * server (`--port 0 --quiet`, `serve -s rate-limited`): loading yargs and laying out its help
 * weighed on every cold start (docs/performance.md). Only what this reads exactly as yargs would is
 * read here: `--flag value`, `--flag=value`, the one-letter aliases, `--no-exit-with-parent`,
 * repeated `--scenario`. Anything else (help, another command, a value a flag refuses, a flag
 * given twice, …) gives undefined, and the CLI hands the line to yargs, which has the last word
 * and the messages. A test holds the two to the same answers.
 */
export function quickServeArgs(argv: readonly string[]): ServeArgs | undefined {
  const given = new Map<string, unknown>()
  let index = argv[0] === 'serve' ? 1 : 0
  while (index < argv.length) {
    const flag = /^(?:--(no-)?([a-z][a-z-]*[a-z])(?:=(.*))?|-([a-z]))$/s.exec(argv[index++]!)
    if (!flag) return undefined
    const [, negated, long, inline, short] = flag
    const name = short === undefined ? long! : byAlias.get(short)
    const option = name === undefined ? undefined : options[name]
    if (name === undefined || option === undefined) return undefined
    const repeatable = option.array === true
    if (given.has(name) && !repeatable) return undefined
    if (option.type === 'boolean') {
      // `--quiet false` and `--quiet=false` are yargs' to read.
      if (inline !== undefined || /^(true|false)$/.test(argv[index] ?? '')) return undefined
      given.set(name, negated === undefined)
      continue
    }
    if (negated !== undefined) return undefined
    const value = inline ?? argv[index++]
    // A missing value, or one that looks like a flag or is empty: yargs says what is wrong.
    if (value === undefined || value === '' || value.startsWith('-')) return undefined
    if (option.choices !== undefined && !option.choices.includes(value)) return undefined
    given.set(name, repeatable ? [...((given.get(name) as string[] | undefined) ?? []), value] : value)
  }
  try {
    const args = Object.fromEntries(
      Object.entries(options).flatMap(([name, option]) => {
        const value = given.has(name) ? given.get(name) : option.default
        if (value === undefined) return []
        return [[name, option.coerce ? option.coerce(value) : value]]
      }),
    )
    checkServeArgs(args)
    return args as unknown as ServeArgs
  } catch {
    return undefined
  }
}
