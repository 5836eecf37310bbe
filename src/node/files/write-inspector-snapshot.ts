import { writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { frozenInspectorPage, type KeptAnswers } from '../../surfaces/admin/inspector/frozen-page.ts'
import { readPageFile } from '../../surfaces/admin/inspector/page-files.ts'
import { makeDirectory } from './make-directory.ts'
import { readPageFileFromDisk } from './page-files-on-disk.ts'

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
  const [{ detailLimit }, { entries }] = (await Promise.all([keep('state'), keep('journal?limit=1000')])) as [
    { detailLimit: number },
    { entries: { requestId: string }[] },
  ]
  // The requests the gateway keeps in detail: the last `detailLimit` of them.
  const detailed = detailLimit === 0 ? [] : entries.slice(-detailLimit)
  await Promise.all(detailed.map(({ requestId }) => keep(`journal/${encodeURIComponent(requestId)}`)))
  const page = await frozenInspectorPage((name) => readPageFile(name, readPageFileFromDisk), {
    takenAt: new Date().toISOString(),
    reason,
    answers,
  })
  await makeDirectory(dirname(file))
  await writeFile(file, page)
}
