import * as nodeModule from 'node:module'
import { startServer, type RunningServer } from '../../node/server/create-server.ts'
import { bufferStdoutLines } from '../format/buffered-lines.ts'
import { flagOrEnvironment } from '../flags/flag-or-environment.ts'
import { formatBanner } from '../format/format-banner.ts'
import { formatRequest } from '../format/format-request.ts'
import { watchLauncher } from '../process/launcher-chain.ts'
import { listenFailure } from '../process/listen-failure.ts'
import { loadGateway } from './load-gateway.ts'
import { isWildcardHost, networkUrls } from './network-urls.ts'
import { isScenarioPath } from './scenario-specs.ts'
import { serveCertificate } from './serve-certificate.ts'
import { adminTokenVariable, type ServeArgs } from '../flags/serve-options.ts'
import { startupNotice } from '../process/startup-notice.ts'
import { waitForStop } from '../process/wait-for-stop.ts'
import { capYoungGeneration } from '../process/young-generation-cap.ts'
import { knownPasswords } from '../../world/known-passwords.ts'

/** What runs in place of the process's own parts: a test stops the server where it would wait for a signal. */
export interface RunServeOptions {
  waitForStop?: typeof waitForStop
}

/** Runs the gateway as an HTTP server until told to stop (the serve command's work). */
export async function runServe(args: ServeArgs, options: RunServeOptions = {}): Promise<void> {
  const launcher = args['exit-with-parent'] ? watchLauncher() : undefined
  const adminToken = flagOrEnvironment(args['admin-token'], adminTokenVariable)
  const replay = args.replay.length > 0 ? { strict: args['replay-strict'] ?? false, speed: args['replay-speed'] ?? 1 } : undefined
  const requestLog = args.quiet ? undefined : bufferStdoutLines()
  const gateway = await loadGateway(args.world, {
    maxBodyBytes: Math.round(args['max-body-mb'] * 2 ** 20),
    journalLimit: args['journal-limit'],
    detailLimit: args['journal-details'],
    maxBodyDepth: args['max-body-depth'],
    scenarios: args.scenario,
    profile: args.profile,
    anyModel: args['any-model'],
    replay: args.replay,
    replayStrict: replay?.strict,
    replaySpeed: replay?.speed,
    onRequest: requestLog && ((entry) => requestLog.write(formatRequest(entry))),
  })
  const certificate = await serveCertificate(args)
  let server: RunningServer
  try {
    server = await startServer(gateway, { port: args.port, host: args.host, adminToken, ...(certificate && { tls: certificate.tls }) })
  } catch (error) {
    throw listenFailure(error, 'llm-gateway-mock', args.port, args.host)
  }
  startupNotice().done()
  // Caught from before the banner says it listens: a client that stops it as soon as it reads
  // that line (a script, a test) must find the handlers in place, not Node's default that ends
  // the process without a word.
  const stopped = (options.waitForStop ?? waitForStop)({ launcher })
  console.log(
    formatBanner(server.url, gateway, {
      adminToken: adminToken !== undefined,
      worldFile: args.world,
      // One active scenario per --scenario value, in order (loadGateway gives them to the gateway so).
      scenarioSources: args.scenario.map((value) => (isScenarioPath(value) ? value : 'built-in')),
      replay,
      allInterfaces: isWildcardHost(server.host)
        ? { address: server.host, urls: networkUrls(server.port, certificate ? 'https' : 'http') }
        : undefined,
      tls: certificate && { caFile: certificate.caFile },
      knownPasswords: await knownPasswords(gateway.world),
    }),
  )

  // Node writes the compile cache (bin.ts) at exit; a server killed outright never exits, so it is
  // also written once the server has settled in, off the path of the first requests.
  setTimeout(() => nodeModule.flushCompileCache?.(), 1_000).unref()
  const uncap = capYoungGeneration()

  const reason = await stopped
  uncap()
  requestLog?.flush()
  console.log(`\n${reason}: stopping`)
  await server.close().catch(() => undefined)
}
