import yargs, { type Argv } from 'yargs'
import { version } from '../version.ts'
import { importCommand } from './commands/import.ts'
import { keysCommand } from './commands/keys.ts'
import { recordCommand } from './commands/record.ts'
import { scenariosListCommand } from './commands/scenarios-list.ts'
import { scenariosValidateCommand } from './commands/scenarios-validate.ts'
import { scenariosCommand } from './commands/scenarios.ts'
import { schemaCommand } from './commands/schema.ts'
import { serveCommand } from './commands/serve.ts'
import type { ServeArgs } from './flags/serve-options.ts'
import { CliError, exitCodeOf } from './process/cli-error.ts'
import { exitCodes } from './process/exit-codes.ts'
import { usageMessage, type CommandNames } from './format/usage-hint.ts'

const nameOf = (command: { command?: string | readonly string[] }) => String([command.command].flat()[0]).split(' ')[0]!

const commandNames: CommandNames = {
  top: [serveCommand, keysCommand, scenariosCommand, schemaCommand, recordCommand, importCommand].map(nameOf),
  sub: { scenarios: [scenariosListCommand, scenariosValidateCommand].map(nameOf) },
}

// Each description on its own line above its command: side by side, yargs breaks the longer
// commands over several lines at 80 columns.
const examples: readonly (readonly [string, string])[] = [
  ['Serve the default world on any free port', '$0 --port 0'],
  ["Print the default world's keys as JSON", '$0 keys --json'],
  ['Serve with two scenarios, applied in order', '$0 --scenario flaky-upstream --scenario ./my-scenario.ts'],
  ['Check a scenario file', '$0 scenarios validate ./my-scenario.json'],
  ['Write the JSON Schema of world files, for your editor', '$0 schema world --out world.schema.json'],
  ['Write the world of your gateway as one of its keys sees it (repeat --key)', '$0 import --upstream https://gw.example --key sk-…'],
  [
    "Record a real gateway's answers, then replay them offline",
    '$0 record --upstream https://gateway.example.com\n    $0 --replay recordings',
  ],
]

/** The help's width: the terminal's (or `COLUMNS`, for output that is not a terminal), at most 100. */
function helpWidth(): number {
  const columns = process.stdout.columns ?? Number(process.env.COLUMNS)
  return Math.min(100, Number.isInteger(columns) && columns > 0 ? columns : 100)
}

/** The flags of the command being parsed (yargs' options in their current context), for a did-you-mean. */
function flagsOf(cli: Argv): string[] {
  return Object.keys((cli as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key)
}

/** The command being parsed, as typed after the program's name (`scenarios validate`; empty at the top level). */
function commandOf(cli: Argv): string {
  return (cli as unknown as { getInternalMethods(): { getContext(): { commands: string[] } } })
    .getInternalMethods()
    .getContext()
    .commands.join(' ')
}

/** What runs in place of a command's own work: a test reads what the serve command was given, and nothing listens. */
export interface MainOptions {
  runServe?: (args: ServeArgs) => Promise<void>
}

/** Runs the CLI on `argv` through yargs, every command and message included, and resolves to the exit code. */
export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  const cli = yargs(argv)
    .scriptName('llm-gateway-mock')
    .usage('$0 [command] [options]\n\nA local mock of an LLM API gateway (new-api / one-api family).')
    .command(options.runServe ? { ...serveCommand, handler: options.runServe } : serveCommand)
    .command(keysCommand)
    .command(scenariosCommand)
    .command(schemaCommand)
    .command(recordCommand)
    .command(importCommand)
    .epilogue(`Examples:\n${examples.map(([what, command]) => `  ${what}:\n    ${command}`).join('\n')}`)
    .strict()
    .version(version)
    .help()
    .alias('h', 'help')
    .alias('v', 'version')
    .wrap(helpWidth())
    .fail((message, error) => {
      // yargs passes a message for usage problems, and only the error for a handler's own failure.
      if (error instanceof CliError || (error && !message)) throw error
      const text = usageMessage(message ?? error?.message ?? '', argv, commandNames, flagsOf(cli))
      // The help of the command that was given, whose flags the mistake is about.
      const help = ['llm-gateway-mock', commandOf(cli), '--help'].filter(Boolean).join(' ')
      throw new CliError(`${text}\nRun "${help}" for usage.`, exitCodes.usage)
    })
    .exitProcess(false)

  return exitCodeOf(() => cli.parseAsync())
}
