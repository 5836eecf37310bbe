import { writeFile } from 'node:fs/promises'
import type { CommandModule } from 'yargs'
import { recordingJsonSchema } from '../../gateway/recording-format.ts'
import { jsonSchemaText } from '../../schema/json-schema-file.ts'
import { scenarioJsonSchema } from '../../scenarios/scenario-json-schema.ts'
import { worldJsonSchema } from '../../world/world-json-schema.ts'

const kinds = { scenario: scenarioJsonSchema, world: worldJsonSchema, recording: recordingJsonSchema } as const
type Kind = keyof typeof kinds

interface SchemaArgs {
  kind: Kind
  out?: string
}

/**
 * `llm-gateway-mock schema [scenario|world|recording]`: the JSON Schema of scenario files (the
 * default, as before world files had one), of world files or of recordings, for editors
 * (`"$schema": "./world.schema.json"`).
 */
export const schemaCommand: CommandModule<object, SchemaArgs> = {
  command: 'schema [kind]',
  describe: 'Print the JSON Schema of scenario, world or recording files (point "$schema" at it for completion in editors)',
  builder: (yargs) =>
    yargs
      .positional('kind', {
        type: 'string',
        choices: Object.keys(kinds) as Kind[],
        default: 'scenario' as Kind,
        describe: 'Which files: scenario files (--scenario), world files (--world) or recordings (record, --replay)',
      })
      .option('out', { alias: 'o', type: 'string', describe: 'Write it to this file instead of printing it' })
      .strict(),
  async handler(args) {
    const text = jsonSchemaText(kinds[args.kind]())
    if (args.out === undefined) process.stdout.write(text)
    else {
      await writeFile(args.out, text)
      console.log(`Wrote ${args.out}`)
    }
  },
}
