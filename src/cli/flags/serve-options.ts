import type { Options } from 'yargs'
import { defaultMaxBodyBytes } from '../../pipeline/body/read-json-body.ts'
import { defaultMaxBodyDepth, maxBodyDepthCeiling } from '../../pipeline/body/body-depth.ts'
import { profileNames, type ProfileName } from '../../profiles/shipped-profile-names.ts'
import { defaultJournalLimit } from '../../journal/journal.ts'
import { defaultDetailLimit } from '../../journal/latest-request-details.ts'
import { integerFlag, nonNegativeNumberFlag, positiveNumberFlag, textFlag } from './flag-values.ts'
import { worldOption } from './world-option.ts'
import { tlsDirectoryVariable } from '../../node/server/tls/tls-directory.ts'

/** Where the admin token can come from instead of the command line, which `ps` shows to everyone. */
export const adminTokenVariable = 'LLM_GATEWAY_MOCK_ADMIN_TOKEN'

/** The serve command's arguments, as yargs (or `quickServeArgs`) gives them to `serve`. */
export interface ServeArgs {
  port: number
  host: string
  world?: string
  quiet: boolean
  'max-body-mb': number
  'journal-limit': number
  'journal-details': number
  'max-body-depth': number
  scenario: string[]
  'admin-token'?: string
  profile: ProfileName
  /** Undefined unless given: off. */
  'any-model'?: string
  'exit-with-parent': boolean
  replay: string[]
  /** Undefined unless given: it needs --replay. */
  'replay-strict'?: boolean
  /** Undefined unless given (1): it needs --replay. */
  'replay-speed'?: number
  tls: boolean
  /** Your own certificate for HTTPS (a PEM file); it needs --tls-key. */
  'tls-cert'?: string
  /** Its private key (a PEM file); it needs --tls-cert. */
  'tls-key'?: string
}

/**
 * The serve command's flags, as yargs options. Plain data, so that the start-up path can read a
 * command line with them without loading yargs (`quickServeArgs`).
 */
export const serveOptions = {
  port: {
    alias: 'p',
    requiresArg: true,
    default: 4010,
    coerce: integerFlag('port', 0, 65535),
    describe: 'Port to listen on, 0 to 65535 (0: any free port, printed)',
  },
  host: {
    type: 'string',
    requiresArg: true,
    default: '127.0.0.1',
    coerce: textFlag('host', 'an address to bind, such as 127.0.0.1 or 0.0.0.0'),
    describe: 'Address to bind (loopback unless you ask; 0.0.0.0 for all interfaces)',
  },
  world: worldOption('World file (.json or .ts): a whole world or a patch on the default'),
  scenario: {
    alias: 's',
    type: 'string',
    array: true,
    requiresArg: true,
    default: [] as string[],
    describe: 'Scenario to start with: a built-in name or a .json/.ts file (repeat to apply several, in order)',
  },
  'admin-token': {
    type: 'string',
    requiresArg: true,
    describe: `Every client of /__mock/*, loopback included, must send this token (x-mock-admin-token header, or Authorization: Bearer); without it only loopback clients may use them. Or set ${adminTokenVariable}, which ps does not show`,
  },
  'exit-with-parent': {
    type: 'boolean',
    default: true,
    describe:
      'Stop when the process that started the server exits (npm, npx, a script); --no-exit-with-parent keeps it running, e.g. under nohup',
  },
  profile: {
    type: 'string',
    requiresArg: true,
    choices: profileNames,
    default: 'spec' as ProfileName,
    describe: 'How the gateway speaks: spec (the interface contract) or new-api (the real gateway, quirks included)',
  },
  'any-model': {
    type: 'string',
    requiresArg: true,
    coerce: textFlag('any-model', 'the id of a model of the world'),
    describe:
      "Serve every model name the world lacks as this model of the world (its prices and context window), under the name asked for: for coding agents that ask for models of their own. /v1/models still lists the world's",
  },
  replay: {
    type: 'string',
    array: true,
    requiresArg: true,
    default: [] as string[],
    describe:
      'Replay recordings (what `record` wrote): a directory of them or one file; repeat for several. Matching generation and embedding requests get the recorded reply or error',
  },
  'replay-strict': {
    type: 'boolean',
    describe:
      'With --replay: a request no recording matches gets 400 replay_mismatch naming the nearest recordings, instead of a generated reply',
  },
  'replay-speed': {
    requiresArg: true,
    coerce: nonNegativeNumberFlag('replay-speed'),
    describe: 'With --replay: how fast recorded streams play: 1 as recorded (the default), 2 twice as fast, 0 without delays',
  },
  tls: {
    type: 'boolean',
    default: false,
    describe: `Serve HTTPS and WSS (on the same port) with a certificate for localhost, 127.0.0.1 and ::1 signed by a local CA made on first use and kept owner-only in ~/.cache/llm-gateway-mock/tls (or ${tlsDirectoryVariable}); the banner names the CA file for NODE_EXTRA_CA_CERTS`,
  },
  'tls-cert': {
    type: 'string',
    requiresArg: true,
    coerce: textFlag('tls-cert', 'a PEM certificate file'),
    describe: 'Serve HTTPS and WSS with your own certificate (a PEM file, with --tls-key) instead of the local one',
  },
  'tls-key': {
    type: 'string',
    requiresArg: true,
    coerce: textFlag('tls-key', 'a PEM private key file'),
    describe: "The private key (a PEM file) of --tls-cert's certificate",
  },
  quiet: { alias: 'q', type: 'boolean', default: false, describe: 'Do not log a line per request' },
  'max-body-mb': {
    requiresArg: true,
    default: defaultMaxBodyBytes / 2 ** 20,
    coerce: positiveNumberFlag('max-body-mb'),
    describe: 'Request bodies above this many MiB get 413 (a positive number)',
  },
  'journal-limit': {
    requiresArg: true,
    default: defaultJournalLimit,
    coerce: integerFlag('journal-limit', 1, Number.MAX_SAFE_INTEGER, 'a positive integer'),
    describe: 'How many requests the journal (GET /__mock/journal) keeps; older ones drop off',
  },
  'journal-details': {
    requiresArg: true,
    default: defaultDetailLimit,
    coerce: integerFlag('journal-details', 0, Number.MAX_SAFE_INTEGER, 'a non-negative integer'),
    describe:
      'How many of the latest requests keep their bodies and stream frames for the inspector (GET /__mock/journal/ID); 0 keeps none',
  },
  'max-body-depth': {
    requiresArg: true,
    default: defaultMaxBodyDepth,
    coerce: integerFlag('max-body-depth', 1, maxBodyDepthCeiling),
    describe: `Request bodies nested deeper than this many levels of objects and arrays get 400 (at most ${maxBodyDepthCeiling})`,
  },
} as const satisfies Record<keyof ServeArgs, Options>

/** The checks across flags, after each flag's own; throws what yargs prints as a usage error. */
export function checkServeArgs(args: Partial<ServeArgs>): true {
  const adminToken = args['admin-token']
  if (adminToken !== undefined && adminToken.trim() === '') throw new Error('--admin-token must not be empty')
  for (const flag of ['replay-strict', 'replay-speed'] as const) {
    if (args[flag] !== undefined && (args.replay ?? []).length === 0)
      throw new Error(`--${flag} applies to recordings replayed: give them with --replay DIR (or FILE)`)
  }
  if ((args['tls-cert'] === undefined) !== (args['tls-key'] === undefined))
    throw new Error('--tls-cert and --tls-key go together: give the certificate and its private key')
  return true
}
