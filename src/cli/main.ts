import yargs from 'yargs'
import { version } from '../version.ts'
import { keysCommand } from './commands/keys.ts'
import { scenariosListCommand } from './commands/scenarios-list.ts'
import { scenariosValidateCommand } from './commands/scenarios-validate.ts'
import { scenariosCommand } from './commands/scenarios.ts'
import { schemaCommand } from './commands/schema.ts'
import { serveCommand } from './commands/serve.ts'
import { CliError, exitCodes } from './exit-codes.ts'
import { usageMessage, type CommandNames } from './usage-hint.ts'

const nameOf = (command: { command?: string | readonly string[] }) => String([command.command].flat()[0]).split(' ')[0]!

const commandNames: CommandNames = {
  top: [serveCommand, keysCommand, scenariosCommand, schemaCommand].map(nameOf),
  sub: { scenarios: [scenariosListCommand, scenariosValidateCommand].map(nameOf) },
}

/** Runs the CLI on `argv` (without the node and script paths) and resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const cli = yargs(argv)
    .scriptName('llm-gateway-mock')
    .usage('$0 [command] [options]\n\nA local mock of an LLM API gateway (new-api / one-api family).')
    .command(serveCommand)
    .command(keysCommand)
    .command(scenariosCommand)
    .command(schemaCommand)
    .example('$0 --port 0', 'serve the default world on any free port')
    .example('$0 keys --json', "print the default world's keys as JSON")
    .example('$0 --scenario flaky-upstream --scenario ./my-scenario.ts', 'serve with two scenarios, applied in order')
    .example('$0 scenarios validate ./my-scenario.json', 'check a scenario file')
    .strict()
    .version(version)
    .help()
    .alias('h', 'help')
    .alias('v', 'version')
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .fail((message, error) => {
      // yargs passes a message for usage problems, and only the error for a handler's own failure.
      if (error instanceof CliError || (error && !message)) throw error
      const text = usageMessage(message ?? error?.message ?? '', argv, commandNames)
      throw new CliError(`${text}\nRun "llm-gateway-mock --help" for usage.`, exitCodes.usage)
    })
    .exitProcess(false)

  try {
    await cli.parseAsync()
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message)
      return error.exitCode
    }
    throw error
  }
  return exitCodes.ok
}
