import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** Puts a stand-in for the package's `schemas/<name>` where `project` would have it installed; its path. */
export function installSchema(project: string, name: string): string {
  const installed = join(project, 'node_modules', 'llm-gateway-mock', 'schemas', name)
  mkdirSync(dirname(installed), { recursive: true })
  writeFileSync(installed, '{}')
  return installed
}
