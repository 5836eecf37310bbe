import yargs from 'yargs'
import { version } from '../version.ts'
import { keysCommand } from './commands/keys.ts'
import { scenariosCommand } from './commands/scenarios.ts'
import { schemaCommand } from './commands/schema.ts'
import { serveCommand } from './commands/serve.ts'
import { CliError, exitCodes } from './exit-codes.ts'

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
    .example('$0 schema world --out world.schema.json', 'write the JSON Schema of world files, for your editor')
    .strict()
    .version(version)
    .help()
    .alias('h', 'help')
    .alias('v', 'version')
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .fail((message, error) => {
      // yargs passes a message for usage problems, and only the error for a handler's own failure.
      if (error instanceof CliError || (error && !message)) throw error
      throw new CliError(`${message ?? error?.message}\nRun "llm-gateway-mock --help" for usage.`, exitCodes.usage)
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
