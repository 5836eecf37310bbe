import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { frozenInspectorPage, type KeptAnswers } from '../surfaces/admin/inspector/frozen-page.ts'
import { readPageFileFromDisk } from './page-files-on-disk.ts'

/** The requests whose detail a snapshot keeps, at most: the gateway keeps no more by default. */
const detailsKept = 100

/**
 * Writes the inspector as it stands at `gatewayUrl` into `file`, one HTML page that opens from
 * disk after the gateway is gone: what it answered (the journal, each kept request in detail) and
 * its state (keys, quotas, scenarios with their unmatched requests, the replay). The answers are
 * read through the admin routes, as the live page reads them, so both show the same.
 */
export async function writeInspectorSnapshot(gatewayUrl: string, file: string, reason: string): Promise<void> {
  const answers: KeptAnswers = {}
  const keep = async (path: string) => {
    const response = await fetch(`${gatewayUrl}/__mock/${path}`, { headers: { accept: 'application/json' } })
    const body: unknown = await response.json()
    answers[path] = { status: response.status, body }
    return body
  }
  await keep('state')
  const { entries } = (await keep('journal?limit=1000')) as { entries: { requestId: string }[] }
  for (const { requestId } of entries.slice(-detailsKept)) await keep(`journal/${encodeURIComponent(requestId)}`)
  const page = await frozenInspectorPage(readPageFile, { takenAt: new Date().toISOString(), reason, answers })
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, page)
}

/** The page's files as the routes serve them: bundled into the built package, else read from the sources. */
async function readPageFile(name: string): Promise<string | undefined> {
  const { bundledPage } = await import('../surfaces/admin/inspector/bundled-page.ts')
  return bundledPage ? bundledPage[name] : readPageFileFromDisk(name)
}
