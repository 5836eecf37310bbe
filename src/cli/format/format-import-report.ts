import type { ImportedWorld } from '../../world/import/build-imported-world.ts'
import { style } from './style.ts'

/** What `import` prints: what it wrote, each local key beside the upstream key it stands for (masked), and the notes. */
export function formatImportReport(
  imported: ImportedWorld,
  facts: { upstream: string; out: string | undefined; keepKeys: boolean; maskedAccessToken?: string },
): string {
  const { world, keys, notes } = imported
  const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
  const summary = [
    counted(world.groups.length, 'group', 'groups'),
    counted(world.users.length, 'user', 'users'),
    counted(world.tokens.length, 'key', 'keys'),
    counted(world.models.length, 'model', 'models'),
  ].join(', ')
  const where = facts.out === undefined ? 'to stdout' : `into ${facts.out}`
  const lines = [`Imported ${facts.upstream} ${where}: ${summary}.`]
  if (facts.keepKeys) {
    lines.push(
      `Warning: --keep-keys: ${facts.out ?? 'the world'} holds the upstream's keys${facts.maskedAccessToken ? ' and access token' : ''}. Keep it out of version control.`,
    )
  }
  // Kept keys are the upstream's own: shown masked like any upstream key.
  const shown = keys.map((key) => (facts.keepKeys ? `${key.upstream} (kept)` : `${key.local} ← ${key.upstream}`))
  const width = Math.max(...shown.map((text) => text.length))
  lines.push(style.bold(facts.keepKeys ? 'Keys (kept):' : 'Keys (local ← upstream):'))
  keys.forEach((key, index) => lines.push(`  ${shown[index]!.padEnd(width)}  ${style.dim(`"${key.name}", group ${key.group}`)}`))
  if (imported.accessToken !== undefined && facts.maskedAccessToken !== undefined) {
    const token = facts.keepKeys ? `${facts.maskedAccessToken} (kept)` : `${imported.accessToken} ← ${facts.maskedAccessToken}`
    lines.push(`${style.bold('Access token:')} ${token}`)
  }
  if (notes.length > 0) {
    lines.push(style.bold('Notes:'))
    for (const note of notes) lines.push(`  ${note}`)
  }
  if (facts.out !== undefined)
    lines.push(`Serve it: llm-gateway-mock --world ${facts.out}${imported.profile ? ` --profile ${imported.profile}` : ''}`)
  return lines.join('\n')
}
