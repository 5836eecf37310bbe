import { chmod, writeFile } from 'node:fs/promises'
import type { CommandModule } from 'yargs'
import { maskKey } from '../../auth/mask-key.ts'
import { importWorld } from '../../node/import/import-world.ts'
import { UpstreamError } from '../../node/import/upstream-error.ts'
import { CliError } from '../cli-error.ts'
import { exitCodes } from '../exit-codes.ts'
import { textFlag } from '../flag-values.ts'
import { formatImportReport } from '../format-import-report.ts'

interface ImportArgs {
  upstream: string
  key: string[]
  'access-token'?: string
  out: string
  'keep-keys': boolean
}

/** `--key`, given once for each key: every value a key, never empty. */
function keysFlag(values: unknown): string[] {
  const keys = [values].flat().map((value) => textFlag('key', 'an API key of the upstream')(value))
  if (keys.length === 0) throw new Error('--key must be an API key of the upstream, got no value')
  return keys
}

function upstreamFlag(value: unknown): string {
  const text = textFlag('upstream', "the gateway's base URL, e.g. https://gateway.example.com")(value)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new Error(`--upstream must be the gateway's base URL (http:// or https://), got ${JSON.stringify(text)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--upstream must be an http:// or https:// URL, got ${JSON.stringify(text)}`)
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
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
        demandOption: true,
        requiresArg: true,
        coerce: keysFlag,
        describe: 'An API key of the upstream; repeat for each key to import',
      })
      .option('access-token', {
        type: 'string',
        requiresArg: true,
        coerce: textFlag('access-token', 'a dashboard access token of the upstream'),
        describe: "A user's dashboard access token: imports the user, their group and quota, and their prices",
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
      .strict(),
  async handler(args) {
    const imported = await importWorld({
      upstream: args.upstream,
      keys: args.key,
      accessToken: args['access-token'],
      keepKeys: args['keep-keys'],
    }).catch((error: unknown) => {
      if (error instanceof UpstreamError) throw new CliError(error.message, exitCodes.upstream)
      throw error
    })
    const text = `${JSON.stringify(imported.world, null, 2)}\n`
    const toStdout = args.out === '-'
    if (toStdout) process.stdout.write(text)
    else await writeSecretFile(args.out, text)
    const report = formatImportReport(imported, {
      upstream: args.upstream,
      out: toStdout ? undefined : args.out,
      keepKeys: args['keep-keys'],
      maskedAccessToken: args['access-token'] === undefined ? undefined : maskKey(args['access-token']),
    })
    // With the world on stdout, the report goes beside it, not into it.
    if (toStdout) console.error(report)
    else console.log(report)
  },
}

/** Writes the world readable by its owner alone (an existing file included): it may hold the upstream's keys. */
async function writeSecretFile(path: string, text: string): Promise<void> {
  try {
    await writeFile(path, text, { mode: 0o600 })
    await chmod(path, 0o600)
  } catch (error) {
    throw new CliError(`Cannot write ${path}: ${(error as Error).message}`, exitCodes.usage)
  }
}
