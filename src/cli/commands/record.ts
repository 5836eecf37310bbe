import type { CommandModule } from 'yargs'
import { integerFlag, textFlag } from '../flags/flag-values.ts'
import { redactFlag, runRecord, type RecordArgs } from '../record/run-record.ts'
import { upstreamKeyVariable } from '../flags/upstream-credentials.ts'

/**
 * `llm-gateway-mock record --upstream URL`: a server on loopback that forwards every request to a
 * real gateway and records what came back, for `serve --replay` to answer offline. No `--host`:
 * it listens on loopback only, as what it relays carries keys and quota.
 */
export const recordCommand: CommandModule<object, RecordArgs> = {
  command: 'record',
  describe: 'Forward every request to a real gateway and record its answers, streams and errors, for serve --replay',
  builder: (yargs) =>
    yargs
      .options({
        upstream: {
          type: 'string',
          demandOption: true,
          requiresArg: true,
          coerce: textFlag('upstream', 'the URL of the gateway to record, such as https://gateway.example.com'),
          describe: 'The gateway to forward to and record (its base URL, without credentials)',
        },
        out: {
          alias: 'o',
          type: 'string',
          requiresArg: true,
          default: 'recordings',
          coerce: textFlag('out', 'a directory'),
          describe: 'Directory the session file goes into (made owner-only if missing); files are written owner-only',
        },
        port: {
          alias: 'p',
          requiresArg: true,
          default: 4010,
          coerce: integerFlag('port', 0, 65535),
          describe: 'Port on 127.0.0.1 to listen on (0: any free port, printed); recording listens on loopback only',
        },
        'upstream-key': {
          type: 'string',
          requiresArg: true,
          coerce: textFlag('upstream-key', 'an API key of the upstream'),
          describe: `Send this key to the upstream in place of the client's, where the client put it; or set ${upstreamKeyVariable}, which ps does not show`,
        },
        'upstream-ca': {
          type: 'string',
          requiresArg: true,
          coerce: textFlag('upstream-ca', 'a PEM certificate file'),
          describe:
            "Trust this CA certificate (a PEM file) for an https upstream, besides Node's usual ones: e.g. the ca.pem a serve --tls upstream names",
        },
        redact: {
          type: 'string',
          array: true,
          requiresArg: true,
          default: [] as string[],
          coerce: redactFlag,
          describe: 'A regular expression whose matches are replaced by [redacted] in everything recorded (repeat for several)',
        },
        quiet: { alias: 'q', type: 'boolean', default: false, describe: 'Do not log a line per exchange' },
        'exit-with-parent': {
          type: 'boolean',
          default: true,
          describe: 'Stop when the process that started the recorder exits; --no-exit-with-parent keeps it running',
        },
      })
      .strict(),
  handler: runRecord,
}
