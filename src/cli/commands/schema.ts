import { writeFile } from 'node:fs/promises'
import type { CommandModule } from 'yargs'
import { scenarioJsonSchemaText } from '../../scenarios/scenario-json-schema.ts'
import { worldJsonSchemaText } from '../../world/world-json-schema.ts'

const kinds = { scenario: scenarioJsonSchemaText, world: worldJsonSchemaText } as const
type Kind = keyof typeof kinds

interface SchemaArgs {
  kind: Kind
  out?: string
}

/**
 * `llm-gateway-mock schema [scenario|world]`: the JSON Schema of scenario files (the default, as
 * before world files had one) or of world files, for editors (`"$schema": "./world.schema.json"`).
 */
export const schemaCommand: CommandModule<object, SchemaArgs> = {
  command: 'schema [kind]',
  describe: 'Print the JSON Schema of scenario or world files (point "$schema" at it for completion in editors)',
  builder: (yargs) =>
    yargs
      .positional('kind', {
        type: 'string',
        choices: Object.keys(kinds) as Kind[],
        default: 'scenario' as Kind,
        describe: 'Which files: scenario files (--scenario) or world files (--world)',
      })
      .option('out', { alias: 'o', type: 'string', describe: 'Write it to this file instead of printing it' })
      .strict(),
  async handler(args) {
    const text = kinds[args.kind]()
    if (args.out === undefined) process.stdout.write(text)
    else {
      await writeFile(args.out, text)
      console.log(`Wrote ${args.out}`)
    }
  },
}
