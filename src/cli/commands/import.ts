import { dirname } from 'node:path'
import type { CommandModule } from 'yargs'
import { maskKey } from '../../auth/mask-key.ts'
import { importWorld } from '../../node/import/import-world.ts'
import { UpstreamError } from '../../node/import/upstream-error.ts'
import { schemaReference } from '../../node/files/schema-reference.ts'
import { upstreamBase, upstreamUrl } from '../../node/upstream/upstream-url.ts'
import { writePrivateFile } from '../../node/files/write-private-file.ts'
import { CliError } from '../process/cli-error.ts'
import { exitCodes } from '../process/exit-codes.ts'
import { integerFlag, textFlag } from '../flags/flag-values.ts'
import { formatImportReport } from '../format/format-import-report.ts'
import { accessTokenVariable, upstreamKeysIn, upstreamKeyVariable } from '../flags/upstream-credentials.ts'

interface ImportArgs {
  upstream: string
  key?: string[]
  'access-token'?: string
  'user-id'?: number
  out: string
  'keep-keys': boolean
}

/** `--key`, given once for each key: every value a key, never empty. */
function keysFlag(values: unknown): string[] {
  const keys = [values].flat().map((value) => textFlag('key', 'an API key of the upstream')(value))
  if (keys.length === 0) throw new Error('--key must be an API key of the upstream, got no value')
  return keys
}

/** The keys: `--key`, else those the environment variable holds (separated by commas or white space). */
function keysOf(args: ImportArgs): string[] {
  if (args.key !== undefined) return args.key
  return upstreamKeysIn(process.env[upstreamKeyVariable] ?? '')
}

/** `--upstream`, checked as `record` checks it: the gateway's base URL, without a trailing slash. */
function upstreamFlag(value: unknown): string {
  return upstreamBase(upstreamUrl(textFlag('upstream', "the gateway's base URL, e.g. https://gateway.example.com")(value)))
}

/**
 * `llm-gateway-mock import`: writes the world an upstream gateway describes, each key seeing
 * what it sees there, with fresh local keys printed beside the (masked) keys they stand for.
 */
export const importCommand: CommandModule<object, ImportArgs> = {
  command: 'import',
  describe: "Write a world file from a running gateway (new-api, one-api): its keys' models, groups and prices",
  builder: (yargs) =>
    yargs
      .option('upstream', {
        type: 'string',
        demandOption: true,
        requiresArg: true,
        coerce: upstreamFlag,
        describe: "The gateway's base URL (without /v1)",
      })
      .option('key', {
        type: 'string',
        array: true,
        requiresArg: true,
        coerce: keysFlag,
        describe: `An API key of the upstream; repeat for each key to import. Or set ${upstreamKeyVariable} (several separated by commas), which ps does not show`,
      })
      .option('access-token', {
        type: 'string',
        requiresArg: true,
        coerce: textFlag('access-token', 'a dashboard access token of the upstream'),
        describe: `A user's dashboard access token: imports the user, their group and quota, and their prices. Or set ${accessTokenVariable}`,
      })
      .option('user-id', {
        requiresArg: true,
        coerce: integerFlag('user-id', 1, Number.MAX_SAFE_INTEGER, 'a user id (a positive integer)'),
        describe: "The access token's user id, sent as New-Api-User (new-api releases before 2026-07-20 want it)",
      })
      .option('out', {
        alias: 'o',
        type: 'string',
        default: 'world.json',
        requiresArg: true,
        coerce: textFlag('out', 'a file path, or - for stdout'),
        describe: 'Where to write the world (written mode 600); - prints it',
      })
      .option('keep-keys', {
        type: 'boolean',
        default: false,
        describe: "Keep the upstream's keys in the world instead of fresh local ones (the file then holds secrets)",
      })
      .check((args) => {
        if (keysOf(args as ImportArgs).length === 0) throw new Error(`Missing required argument: key (or set ${upstreamKeyVariable})`)
        if (args['user-id'] !== undefined && args['access-token'] === undefined && !process.env[accessTokenVariable]?.trim())
          throw new Error('--user-id goes with the access token it is the user of: give --access-token too')
        return true
      })
      .strict(),
  async handler(args) {
    const accessToken = args['access-token'] ?? (process.env[accessTokenVariable]?.trim() || undefined)
    const toStdout = args.out === '-'
    const imported = await importWorld({
      upstream: args.upstream,
      keys: keysOf(args),
      accessToken,
      ...(args['user-id'] !== undefined && { userId: args['user-id'] }),
      keepKeys: args['keep-keys'],
      // Relative to the file, as editors resolve it; printed, the world goes wherever the shell puts it.
      ...(!toStdout && { schema: schemaReference('world.schema.json', dirname(args.out)) }),
    }).catch((error: unknown) => {
      if (error instanceof UpstreamError) throw new CliError(error.message, exitCodes.upstream)
      throw error
    })
    const text = `${JSON.stringify(imported.world, null, 2)}\n`
    if (toStdout) process.stdout.write(text)
    else await writeSecretFile(args.out, text)
    const report = formatImportReport(imported, {
      upstream: args.upstream,
      out: toStdout ? undefined : args.out,
      keepKeys: args['keep-keys'],
      maskedAccessToken: accessToken === undefined ? undefined : maskKey(accessToken),
    })
    // With the world on stdout, the report goes beside it, not into it.
    if (toStdout) console.error(report)
    else console.log(report)
  },
}

/** Writes the world readable by its owner alone, an existing file included: it may hold the upstream's keys. */
async function writeSecretFile(path: string, text: string): Promise<void> {
  try {
    await writePrivateFile(path, text)
  } catch (error) {
    throw new CliError(`Cannot write ${path}: ${(error as Error).message}`, exitCodes.usage)
  }
}
