import { X509Certificate } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { RecordingDirectoryError } from '../../node/record/recording-file.ts'
import { startRecorder, type RecorderExchange, type RunningRecorder } from '../../node/record/start-recorder.ts'
import { version } from '../../version.ts'
import { CliError } from '../process/cli-error.ts'
import { exitCodes } from '../process/exit-codes.ts'
import { watchLauncher } from '../process/launcher-chain.ts'
import { listenFailure } from '../process/listen-failure.ts'
import { replayHint, replayHintAtStart } from './replay-hint.ts'
import { startupNotice } from '../process/startup-notice.ts'
import { style } from '../format/style.ts'
import { recordUpstreamKey, upstreamKeySource } from '../flags/upstream-credentials.ts'
import { stopSignals, waitForStop } from '../process/wait-for-stop.ts'

/** The record command's arguments, as yargs gives them. */
export interface RecordArgs {
  upstream: string
  out: string
  port: number
  'upstream-key'?: string
  'upstream-ca'?: string
  redact: RegExp[]
  quiet: boolean
  'exit-with-parent': boolean
}

/** `--redact` values as regular expressions; one that does not compile, or matches empty text, is a usage error. */
export function redactFlag(values: unknown): RegExp[] {
  return [values ?? []].flat().map((value) => {
    const source = String(value)
    let pattern: RegExp
    try {
      pattern = new RegExp(source, 'g')
    } catch (error) {
      throw new Error(`--redact must be a regular expression: ${(error as Error).message}`, { cause: error })
    }
    if (new RegExp(source).test(''))
      throw new Error(`--redact ${JSON.stringify(source)} matches empty text, which would redact between every character`)
    return pattern
  })
}

/** Runs the recorder until told to stop, then waits for the answers still coming and reports the file. */
export async function runRecord(args: RecordArgs): Promise<void> {
  const launcher = args['exit-with-parent'] ? watchLauncher() : undefined
  const upstreamCa = args['upstream-ca'] === undefined ? undefined : await readCa(args['upstream-ca'])
  let recorder: RunningRecorder
  let upstreamKey: string | undefined
  let toldRefusedKey = false
  // Where the upstream key came from, for the lines that name it; none when clients' own keys go.
  const keySource = () => (upstreamKey === undefined ? undefined : upstreamKeySource(args['upstream-key']))
  try {
    upstreamKey = recordUpstreamKey(args['upstream-key'])
    recorder = await startRecorder({
      upstream: args.upstream,
      out: args.out,
      port: args.port,
      upstreamKey,
      ...(upstreamCa !== undefined && { upstreamCa }),
      redact: args.redact,
      onExchange: (exchange) => {
        if (!args.quiet) console.log(formatExchange(exchange))
        // Once: the first refusal says what it means; the next ones show 401 on their lines.
        if (exchange.status === 401 && !toldRefusedKey) {
          toldRefusedKey = true
          console.error(style.yellow(refusedKeyWarning(exchange, keySource())))
        }
      },
    })
  } catch (error) {
    if (error instanceof TypeError || error instanceof RecordingDirectoryError)
      throw new CliError(`llm-gateway-mock record: ${error.message}`, exitCodes.usage)
    throw listenFailure(error, 'llm-gateway-mock record', args.port, '127.0.0.1')
  }
  startupNotice().done()
  // Caught from before the banner says it records: a signal sent on reading it must not find
  // Node's default (an exit with nothing written).
  const stopped = waitForStop({ launcher })
  console.log(recordingBanner(args, recorder, upstreamKey !== undefined, keySource()))
  await stopRecording(recorder, await stopped)
  if (recorder.recorded === 0) return console.log('Nothing was recorded.')
  console.log(`Recorded ${recorder.recorded} ${recorder.recorded === 1 ? 'exchange' : 'exchanges'} into ${recorder.file}`)
  const hint = replayHint({
    out: args.out,
    upstream: recorder.upstream,
    keySource: keySource(),
    ...recorder.seen,
  })
  console.log(style.dim(hint.join('\n')))
}

/** What the recorder says once it listens: where, to what, into which file, and how clients reach it. */
function recordingBanner(args: RecordArgs, recorder: RunningRecorder, keyReplaced: boolean, keySource: string | undefined): string {
  const { url } = recorder
  return [
    `${style.bold(`llm-gateway-mock ${version}`)} recording on ${style.cyan(url)}`,
    `  forwarding to ${style.cyan(recorder.upstream)}${args['upstream-ca'] === undefined ? '' : ` (trusting the CA in ${style.cyan(args['upstream-ca'])})`}; answers recorded into ${style.cyan(recorder.file)} (readable by you only)`,
    `  ${keyReplaced ? `the upstream key (${keySource}) goes to the upstream in place of the client's, and into no file` : "the client's own keys go to the upstream, and into no file"}` +
      (args.redact.length > 0 ? `; ${args.redact.length} --redact ${args.redact.length === 1 ? 'pattern' : 'patterns'}` : ''),
    '',
    style.dim(
      `Point clients at it as at the upstream: the OpenAI SDK baseURL ${url}/v1; the Anthropic SDK baseURL ${url}; @google/genai httpOptions { baseUrl: '${url}', apiVersion: 'v1beta' }`,
    ),
    style.dim(replayHintAtStart(args.out)),
    style.dim('Ctrl-C or SIGTERM stops recording, once the answers still coming have been recorded.'),
    '',
  ].join('\n')
}

/** Stops the recorder for `reason`, letting the answers still coming finish unless a second signal cuts them. */
async function stopRecording(recorder: RunningRecorder, reason: string): Promise<void> {
  // A second signal cuts the connections still open; what came is written all the same. Listening
  // before saying so: a signal sent on reading the line must not find Node's default (an exit).
  const force = () => {
    console.log('Cutting the answers still coming.')
    void recorder.close({ force: true }).catch(() => undefined)
  }
  for (const signal of stopSignals) process.once(signal, force)
  console.log(`\n${reason}: stopping (letting the answers still coming finish; Ctrl-C again to cut them)`)
  try {
    await recorder.close()
  } catch (error) {
    throw new CliError(
      `llm-gateway-mock record: cannot write ${recorder.file} (${(error as Error).message}): it holds the ${recorder.recorded} ${recorder.recorded === 1 ? 'exchange' : 'exchanges'} written before`,
      exitCodes.recordingNotWritten,
    )
  } finally {
    for (const signal of stopSignals) process.off(signal, force)
  }
}

/**
 * What a 401 from the upstream means for the session, said when it happens: a refused upstream
 * key makes every exchange a refusal, which a replay would answer as errors.
 */
function refusedKeyWarning(exchange: RecorderExchange, source: string | undefined): string {
  const said = `The upstream answered 401 to ${exchange.method} ${exchange.path}: it refused`
  return source === undefined
    ? `${said} the key the client sent (the recorder forwards each client's own key). The refusal is recorded as the upstream gave it; check the client's key.`
    : `${said} the upstream key (from ${source}), which every request is forwarded with, so this session records refusals: stop (Ctrl-C), check the key, and record again.`
}

/** The `--upstream-ca` file: one PEM certificate or more, or a usage error that says what is wrong. */
async function readCa(file: string): Promise<string> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new CliError(
      `llm-gateway-mock record: cannot read --upstream-ca ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      exitCodes.usage,
    )
  }
  try {
    new X509Certificate(text)
  } catch {
    throw new CliError(
      `llm-gateway-mock record: --upstream-ca ${file} is not a PEM certificate (-----BEGIN CERTIFICATE-----)`,
      exitCodes.usage,
    )
  }
  return text
}

/** One line per exchange: when the request came, method, path, model, status, frames, duration, and what became of it. */
function formatExchange(exchange: RecorderExchange): string {
  const parts = [style.dim(exchange.time.slice(11, 19)), exchange.method, exchange.path]
  if (exchange.model) parts.push(style.cyan(exchange.model))
  if (exchange.status !== undefined) parts.push(style.status(exchange.status))
  if (exchange.frames !== undefined) parts.push(style.dim(`${exchange.frames} frames`))
  parts.push(style.dim(`${exchange.durationMs.toFixed(1)}ms`))
  if (exchange.recorded !== undefined) parts.push(style.green(`recorded #${exchange.recorded}`))
  if (exchange.note) parts.push(exchange.recorded === undefined ? style.yellow(exchange.note) : style.dim(`(${exchange.note})`))
  return parts.join(' ')
}
