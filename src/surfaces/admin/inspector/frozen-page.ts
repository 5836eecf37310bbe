import { bytesToBase64 } from '../../../bytes/base64.ts'
import { pageFiles, type PageFileReader } from './page-files.ts'

/** What the admin routes answered, by the path the page asks them with (`state`, `journal/{id}`, …). */
export type KeptAnswers = Record<string, { status: number; body: unknown }>

/** What a snapshot of the inspector holds besides the page. */
export interface InspectorSnapshot {
  /** When it was taken (ISO 8601). */
  takenAt: string
  /** Why: the failure the page is shown for. */
  reason: string
  answers: KeptAnswers
}

/**
 * The inspector as one self-contained HTML file that shows `snapshot`: opened from disk, after its
 * gateway is gone (a test that failed), with nothing fetched from anywhere. The page's files go in
 * as they are served: the styles inline, each script a `data:` module that the page's own imports
 * reach through an import map (a page opened from disk may not load scripts beside it), and the
 * answers in a JSON script element the page reads instead of calling the gateway.
 */
export async function frozenInspectorPage(read: PageFileReader, snapshot: InspectorSnapshot): Promise<string> {
  const text = async (name: string) => {
    const content = await read(name)
    if (content === undefined) throw new Error(`the inspector's page file ${name} cannot be read`)
    return content
  }
  const scripts = Object.keys(pageFiles).filter((name) => name.endsWith('.js'))
  const imports: Record<string, string> = {}
  for (const name of scripts) {
    // './api.js' → 'inspector/api.js': a bare name the import map resolves from any module.
    const source = (await text(name)).replace(/(from\s+|import\s+)'\.\/([\w-]+\.js)'/g, "$1'inspector/$2'")
    imports[`inspector/${name}`] = `data:text/javascript;base64,${bytesToBase64(new TextEncoder().encode(source))}`
  }
  const style = `\n${await text('inspector.css')}\n`
  const importMap = inertJson({ imports })
  const entry = `import 'inspector/inspector.js'`
  // The served page's wall, for a file: its own scripts and styles only (by hash, as they are
  // inline), and no connection anywhere.
  const policy = [
    "default-src 'none'",
    `script-src data: ${await sha256Source(importMap)} ${await sha256Source(entry)}`,
    `style-src ${await sha256Source(style)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
  const head = [
    `<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
    `<style>${style}</style>`,
    `<script type="importmap">${importMap}</script>`,
    `<script type="application/json" id="inspector-snapshot">${inertJson(snapshot)}</script>`,
    `<script type="module">${entry}</script>`,
  ].join('\n    ')
  const page = await text('index.html')
  const assets =
    /\s*<link rel="stylesheet" href="inspector\/inspector\.css" \/>\s*<script type="module" src="inspector\/inspector\.js"><\/script>/
  if (!assets.test(page))
    throw new Error("the inspector's index.html no longer loads inspector.css and inspector.js as the snapshot expects")
  return page
    .replace(assets, () => `\n    ${head}`)
    .replace('<title>llm-gateway-mock inspector</title>', () => `<title>llm-gateway-mock inspector (snapshot ${snapshot.takenAt})</title>`)
}

/**
 * JSON that is text inside a script element whatever it holds: a prompt with `</script>` or
 * `<!--` cannot end the element or change how it is read. JSON.parse reads `\u003c` back as `<`.
 */
function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** A CSP source that allows exactly this inline text. */
async function sha256Source(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return `'sha256-${bytesToBase64(new Uint8Array(digest))}'`
}
