import type { CommandModule } from 'yargs'
import { scenariosListCommand } from './scenarios-list.ts'
import { scenariosValidateCommand } from './scenarios-validate.ts'

/** `llm-gateway-mock scenarios <list|validate>`: the built-in scenarios, and checking your own. */
export const scenariosCommand: CommandModule = {
  command: 'scenarios',
  describe: 'List the built-in scenarios, or validate scenario files',
  builder: (yargs) =>
    yargs
      .command(scenariosListCommand)
      .command(scenariosValidateCommand)
      .demandCommand(1, 'Name a scenarios command: list or validate')
      .strict(),
  handler: () => {},
}
