import { upstreamKeyVariable } from '../flags/upstream-credentials.ts'

/** What `record` knows at its end about the session it recorded, for the hint that replays it. */
export interface RecordedSession {
  /** The recordings' directory, as the user gave it. */
  out: string
  /** The upstream as shown (no credential). */
  upstream: string
  /** Where the upstream key came from (`--upstream-key` or the variable); undefined when each client's own key was forwarded. */
  keySource: string | undefined
  /** Whether the upstream is new-api (it answered with `X-New-Api-Version`). */
  newApi: boolean
  /** The models of the exchanges recorded. */
  models: readonly string[]
}

const shownModels = 5

/** The banner's line, before anything is known of the session: what a replay of it needs. */
export function replayHintAtStart(out: string): string {
  return `Replay it offline: llm-gateway-mock --replay ${out} --world WORLD (a world that knows your clients' keys and the models recorded; add --profile new-api for a new-api upstream). The commands for this session are printed when it stops.`
}

/**
 * The commands that replay the session offline: the default world knows neither the keys the
 * clients sent nor the upstream's models (401, 404), so the replay needs a world that does (made
 * by `import`, or the one imported before recording) and, for a new-api upstream, its profile.
 */
export function replayHint(session: RecordedSession): string[] {
  const world = 'world.json'
  const profile = session.newApi ? ' --profile new-api' : ''
  const models =
    session.models.length === 0
      ? ''
      : ` and the models recorded (${session.models.slice(0, shownModels).join(', ')}${session.models.length > shownModels ? `, and ${session.models.length - shownModels} more` : ''})`
  const keepKeys = session.keySource === undefined ? ' --keep-keys' : ''
  const keys =
    session.keySource === undefined
      ? `import reads the keys your clients sent from ${upstreamKeyVariable} (sk-A,sk-B) or --key; --keep-keys keeps them, so the clients replay with their keys unchanged (the file then holds them: keep it out of version control).`
      : `import reads the upstream key from ${upstreamKeyVariable} (or --key) and prints the world's own key beside it: give your clients that key.`
  return [
    `Replay it offline, in a world that knows your clients' keys${models} (the default world refuses an unknown key, 401, and a model it lacks, 404):`,
    `  llm-gateway-mock import --upstream ${session.upstream}${keepKeys} --out ${world}`,
    `  llm-gateway-mock --replay ${session.out} --world ${world}${profile}`,
    `${keys} A world imported before recording, whose keys your clients sent, serves as well.`,
  ]
}
