import type { RequestLogEntry } from '../../journal/request-log-entry.ts'
import { style } from './style.ts'

/** One line per request: time, method, path, model, status, error code, key, usage and quota, duration, and the scenario rule or recording that decided it. */
export function formatRequest(entry: RequestLogEntry): string {
  // Built by concatenation rather than a list joined: the server writes one line per request.
  let line = `${style.dim(entry.time.slice(11, 19))} ${entry.method} ${entry.path}`
  if (entry.model) line += ` ${style.cyan(entry.model)}`
  line += ` ${style.status(entry.status)}`
  if (entry.code) line += ` ${style.yellow(entry.code)}`
  if (entry.key) line += ` ${style.dim(entry.key)}`
  if (entry.usage) line += ` ${style.dim(`${entry.usage.promptTokens}+${entry.usage.completionTokens} tok ${entry.quota ?? 0}u`)}`
  line += ` ${style.dim(`${entry.durationMs.toFixed(1)}ms`)}`
  if (entry.decidedBy) line += ` ${style.dim(`(${entry.decidedBy})`)}`
  if (entry.changed) line += ` ${style.cyan(`: ${entry.changed}`)}`
  return line
}
