import type { CommandModule } from 'yargs'
import { builtInScenarioNames } from '../../scenarios/built-in-scenarios.ts'
import { toScenario } from '../../scenarios/to-scenario.ts'
import { style } from '../format/style.ts'

interface ScenariosListArgs {
  json: boolean
}

/** `llm-gateway-mock scenarios list`: the built-in scenarios, with what each one does. */
export const scenariosListCommand: CommandModule<object, ScenariosListArgs> = {
  command: 'list',
  describe: 'List the built-in scenarios and what each does',
  builder: (yargs) => yargs.option('json', { type: 'boolean', default: false, describe: 'Print JSON for scripts' }).strict(),
  handler(args) {
    const scenarios = builtInScenarioNames.map((name) => ({ name, description: toScenario(name).description }))
    if (args.json) {
      console.log(JSON.stringify(scenarios, null, 2))
      return
    }
    const width = Math.max(...scenarios.map((scenario) => scenario.name.length))
    for (const { name, description } of scenarios) console.log(`${style.cyan(name.padEnd(width))}  ${description}`)
    console.log('')
    console.log(style.dim('Use one with --scenario NAME, POST /__mock/scenario {"name": "NAME"} or gateway.useScenario("NAME").'))
  },
}
