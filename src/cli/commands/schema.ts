import { writeFile } from 'node:fs/promises'
import type { CommandModule } from 'yargs'
import { scenarioJsonSchemaText } from '../../scenarios/scenario-json-schema.ts'

interface SchemaArgs {
  out?: string
}

/** `llm-gateway-mock schema`: the scenario file's JSON Schema, for editors (`"$schema": "./scenario.schema.json"`). */
export const schemaCommand: CommandModule<object, SchemaArgs> = {
  command: 'schema',
  describe: 'Print the JSON Schema of scenario files (point "$schema" at it for completion in editors)',
  builder: (yargs) =>
    yargs.option('out', { alias: 'o', type: 'string', describe: 'Write it to this file instead of printing it' }).strict(),
  async handler(args) {
    const text = scenarioJsonSchemaText()
    if (args.out === undefined) process.stdout.write(text)
    else {
      await writeFile(args.out, text)
      console.log(`Wrote ${args.out}`)
    }
  },
}
