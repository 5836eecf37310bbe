import type { RequestLogEntry } from '../../journal/request-log-entry.ts'
import { style } from './style.ts'

/** One line per request: time, method, path, model, status, error code, key, usage and quota, duration, and the scenario rule or recording that decided it. */
export function formatRequest(entry: RequestLogEntry): string {
  const time = entry.time.slice(11, 19)
  const parts = [style.dim(time), entry.method, entry.path]
  if (entry.model) parts.push(style.cyan(entry.model))
  parts.push(style.status(entry.status))
  if (entry.code) parts.push(style.yellow(entry.code))
  if (entry.key) parts.push(style.dim(entry.key))
  if (entry.usage) parts.push(style.dim(`${entry.usage.promptTokens}+${entry.usage.completionTokens} tok ${entry.quota ?? 0}u`))
  parts.push(style.dim(`${entry.durationMs.toFixed(1)}ms`))
  if (entry.decidedBy) parts.push(style.dim(`(${entry.decidedBy})`))
  if (entry.changed) parts.push(style.cyan(`: ${entry.changed}`))
  return parts.join(' ')
}
