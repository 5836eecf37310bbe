import * as nodeModule from 'node:module'
import type { CommandModule } from 'yargs'
import { startServer, type RunningServer } from '../../node/create-server.ts'
import { defaultMaxBodyBytes } from '../../pipeline/body/read-json-body.ts'
import { defaultMaxBodyDepth, maxBodyDepthCeiling } from '../../pipeline/body/body-depth.ts'
import { profileNames, type ProfileName } from '../../profiles/profile-names.ts'
import { defaultJournalLimit } from '../../journal/journal.ts'
import { CliError, exitCodes } from '../exit-codes.ts'
import { integerFlag, positiveNumberFlag, textFlag } from '../flag-values.ts'
import { formatBanner } from '../format-banner.ts'
import { worldOption } from '../world-option.ts'
import { bufferStdoutLines } from '../buffered-lines.ts'
import { formatRequest } from '../format-request.ts'
import { loadGateway } from '../load-gateway.ts'
import { isWildcardHost, networkUrls } from '../network-urls.ts'
import { isScenarioPath } from '../scenario-specs.ts'
import { waitForStop } from '../wait-for-stop.ts'

/** Where the admin token can come from instead of the command line, which `ps` shows to everyone. */
export const adminTokenVariable = 'LLM_GATEWAY_MOCK_ADMIN_TOKEN'

interface ServeArgs {
  port: number
  host: string
  world?: string
  quiet: boolean
  'max-body-mb': number
  'journal-limit': number
  'max-body-depth': number
  scenario: string[]
  'admin-token'?: string
  profile: ProfileName
  'exit-with-parent': boolean
}

/** `llm-gateway-mock [serve]`: run the gateway as an HTTP server until told to stop. */
export const serveCommand: CommandModule<object, ServeArgs> = {
  command: ['serve', '$0'],
  describe: 'Start the mock gateway',
  builder: (yargs) =>
    yargs
      .option('port', {
        alias: 'p',
        requiresArg: true,
        default: 4010,
        coerce: integerFlag('port', 0, 65535),
        describe: 'Port to listen on, 0 to 65535 (0: any free port, printed)',
      })
      .option('host', {
        type: 'string',
        requiresArg: true,
        default: '127.0.0.1',
        coerce: textFlag('host', 'an address to bind, such as 127.0.0.1 or 0.0.0.0'),
        describe: 'Address to bind (loopback unless you ask; 0.0.0.0 for all interfaces)',
      })
      .option('world', worldOption('World file (.json or .ts): a whole world or a patch on the default'))
      .option('scenario', {
        alias: 's',
        type: 'string',
        array: true,
        requiresArg: true,
        default: [],
        describe: 'Scenario to start with: a built-in name or a .json/.ts file (repeat to apply several, in order)',
      })
      .option('admin-token', {
        type: 'string',
        requiresArg: true,
        describe: `Every client of /__mock/*, loopback included, must send this token (x-mock-admin-token header, or Authorization: Bearer); without it only loopback clients may use them. Or set ${adminTokenVariable}, which ps does not show`,
      })
      .option('exit-with-parent', {
        type: 'boolean',
        default: true,
        describe:
          'Stop when the process that started the server exits (npm, npx, a script); --no-exit-with-parent keeps it running, e.g. under nohup',
      })
      .option('profile', {
        type: 'string',
        requiresArg: true,
        choices: profileNames,
        default: 'spec' as ProfileName,
        describe: 'How the gateway speaks: spec (the interface contract) or new-api (the real gateway, quirks included)',
      })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Do not log a line per request' })
      .option('max-body-mb', {
        requiresArg: true,
        default: defaultMaxBodyBytes / 2 ** 20,
        coerce: positiveNumberFlag('max-body-mb'),
        describe: 'Request bodies above this many MiB get 413 (a positive number)',
      })
      .option('journal-limit', {
        requiresArg: true,
        default: defaultJournalLimit,
        coerce: integerFlag('journal-limit', 1, Number.MAX_SAFE_INTEGER, 'a positive integer'),
        describe: 'How many requests the journal (GET /__mock/journal) keeps; older ones drop off',
      })
      .option('max-body-depth', {
        requiresArg: true,
        default: defaultMaxBodyDepth,
        coerce: integerFlag('max-body-depth', 1, maxBodyDepthCeiling),
        describe: `Request bodies nested deeper than this many levels of objects and arrays get 400 (at most ${maxBodyDepthCeiling})`,
      })
      .strict()
      .check((args) => {
        const adminToken = args['admin-token']
        if (adminToken !== undefined && adminToken.trim() === '') throw new Error('--admin-token must not be empty')
        return true
      }),
  async handler(args) {
    const adminToken = args['admin-token'] ?? (process.env[adminTokenVariable]?.trim() || undefined)
    const requestLog = args.quiet ? undefined : bufferStdoutLines()
    const gateway = await loadGateway(args.world, {
      maxBodyBytes: Math.round(args['max-body-mb'] * 2 ** 20),
      journalLimit: args['journal-limit'],
      maxBodyDepth: args['max-body-depth'],
      scenarios: args.scenario,
      profile: args.profile,
      onRequest: requestLog && ((entry) => requestLog.write(formatRequest(entry))),
    })
    let server: RunningServer
    try {
      server = await startServer(gateway, { port: args.port, host: args.host, adminToken })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const reason =
        code === 'EADDRINUSE'
          ? `port ${args.port} is already in use on ${args.host} (pick another with --port, or --port 0 for any free port)`
          : code === 'EACCES'
            ? `not allowed to listen on ${args.host}:${args.port}`
            : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
              ? `cannot bind ${args.host}: no such local address`
              : String((error as Error).message)
      throw new CliError(`llm-gateway-mock: ${reason}`, exitCodes.listenFailed)
    }
    console.log(
      formatBanner(server.url, gateway, {
        adminToken: adminToken !== undefined,
        worldFile: args.world,
        // One active scenario per --scenario value, in order (loadGateway gives them to the gateway so).
        scenarioSources: args.scenario.map((value) => (isScenarioPath(value) ? value : 'built-in')),
        allInterfaces: isWildcardHost(server.host) ? { address: server.host, urls: networkUrls(server.port) } : undefined,
      }),
    )

    // Node writes the compile cache (bin.ts) at exit; a server killed outright never exits, so it is
    // also written once the server has settled in, off the path of the first requests.
    setTimeout(() => nodeModule.flushCompileCache?.(), 1_000).unref()

    const reason = await waitForStop({ watchParent: args['exit-with-parent'] })
    requestLog?.flush()
    console.log(`\n${reason}: stopping`)
    await server.close().catch(() => undefined)
  },
}
