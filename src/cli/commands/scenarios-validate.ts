import type { CommandModule } from 'yargs'
import { readScenarioFile } from '../../node/files/load-scenario-file.ts'
import { loadWorldFile } from '../../node/files/load-world-file.ts'
import { checkScenario } from '../../scenarios/resolve-scenario.ts'
import { ScenarioError } from '../../scenarios/scenario-error.ts'
import type { Scenario } from '../../scenarios/scenario-schema.ts'
import { resolveWorld } from '../../world/resolve-world.ts'
import type { WorldData } from '../../world/schemas.ts'
import { WorldError } from '../../world/world-error.ts'
import { CliError } from '../process/cli-error.ts'
import { exitCodes } from '../process/exit-codes.ts'
import { style } from '../format/style.ts'
import { worldOption } from '../flags/world-option.ts'

interface ScenariosValidateArgs {
  files: string[]
  world?: string
}

/**
 * `llm-gateway-mock scenarios validate FILE...`: checks each file as `--scenario` would load it,
 * its world patch included, and says for each everything that is wrong, where, and how to fix
 * it; where that depends on the world and none was given, that `--world` checks it on another.
 */
export const scenariosValidateCommand: CommandModule<object, ScenariosValidateArgs> = {
  command: 'validate <files..>',
  describe: 'Check scenario files (.json or .ts); exit code 5 if any is invalid',
  builder: (yargs) =>
    yargs
      // No default: yargs would show `[default: []]` beside `[required]`.
      .positional('files', {
        type: 'string',
        array: true,
        demandOption: true,
        default: undefined,
        describe: 'One or more scenario files (.json or .ts)',
      })
      .option('world', worldOption('World file the world patches must fit (default: the default world)'))
      .strict(),
  async handler(args) {
    const world = await worldFor(args.world)
    let invalid = 0
    let onWorld = false
    for (const file of args.files) {
      let check
      try {
        check = checkScenario(await readScenarioFile(file), world)
      } catch (error) {
        if (!(error instanceof ScenarioError)) throw error
        check = { issues: error.issues, onWorld: false }
      }
      if (check.scenario) {
        console.log(`${style.green('ok')}  ${file}: ${summary(check.scenario)}`)
        continue
      }
      invalid += 1
      onWorld ||= check.onWorld
      console.error(new ScenarioError(file, check.issues).message)
    }
    if (onWorld && args.world === undefined) {
      console.error(
        'Checked against the default world: for a scenario meant for a world of your own, add --world FILE to check it against that one.',
      )
    }
    if (invalid > 0) {
      throw new CliError(
        `${invalid} of ${args.files.length} scenario file${args.files.length === 1 ? '' : 's'} invalid.`,
        exitCodes.invalidScenario,
      )
    }
  },
}

async function worldFor(path: string | undefined): Promise<WorldData> {
  try {
    return path === undefined ? resolveWorld() : await loadWorldFile(path)
  } catch (error) {
    if (error instanceof WorldError) throw new CliError(error.message, exitCodes.invalidWorld)
    throw error
  }
}

function summary(scenario: Scenario): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
  const parts = [count(scenario.rules.length, 'rule'), count(scenario.steps.length, 'step')]
  if (scenario.world) parts.push('a world patch')
  return `scenario "${scenario.name}" (${parts.join(', ')})`
}
