// The files in scenarios/ are the built-ins' one source: imported here so that names resolve in
// every runtime (server, setupServer, a browser), and shipped as they are for users to copy.
import contextOverflow from '../../scenarios/context-overflow.json' with { type: 'json' }
import flakyUpstream from '../../scenarios/flaky-upstream.json' with { type: 'json' }
import midStreamError from '../../scenarios/mid-stream-error.json' with { type: 'json' }
import modelMissing from '../../scenarios/model-missing.json' with { type: 'json' }
import quotaExhausted from '../../scenarios/quota-exhausted.json' with { type: 'json' }
import rateLimited from '../../scenarios/rate-limited.json' with { type: 'json' }
import slowStream from '../../scenarios/slow-stream.json' with { type: 'json' }

/** The scenarios that ship with the package, by name. */
export const builtInScenarios: Readonly<Record<string, unknown>> = {
  'quota-exhausted': quotaExhausted,
  'rate-limited': rateLimited,
  'context-overflow': contextOverflow,
  'model-missing': modelMissing,
  'flaky-upstream': flakyUpstream,
  'slow-stream': slowStream,
  'mid-stream-error': midStreamError,
}

export const builtInScenarioNames = Object.keys(builtInScenarios)
