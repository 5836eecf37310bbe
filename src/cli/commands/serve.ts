import type { CommandModule } from 'yargs'
import { runServe } from '../serve/run-serve.ts'
import { checkServeArgs, serveOptions, type ServeArgs } from '../flags/serve-options.ts'

/** `llm-gateway-mock [serve]`: run the gateway as an HTTP server until told to stop. */
export const serveCommand: CommandModule<object, ServeArgs> = {
  command: ['serve', '$0'],
  describe: 'Start the mock gateway',
  builder: (yargs) => yargs.options(serveOptions).strict().check(checkServeArgs),
  handler: runServe,
}
