/**
 * The inspector page's files (in `page/`), by name, with their content types: the only names
 * `GET /__mock/inspector/{file}` serves. The build bundles exactly these (scripts/build.ts), and a
 * test holds this list to the folder.
 */
export const pageFiles: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'inspector.css': 'text/css; charset=utf-8',
  'inspector.js': 'text/javascript; charset=utf-8',
  'api.js': 'text/javascript; charset=utf-8',
  'dom.js': 'text/javascript; charset=utf-8',
  'decision.js': 'text/javascript; charset=utf-8',
  'request-list.js': 'text/javascript; charset=utf-8',
  'request-detail.js': 'text/javascript; charset=utf-8',
  'state-panel.js': 'text/javascript; charset=utf-8',
  'controls.js': 'text/javascript; charset=utf-8',
}

/** Reads a page file's text by name; undefined when it cannot. */
export type PageFileReader = (name: string) => Promise<string | undefined>

/**
 * A page file's text as the routes serve it: from the page the build bundled, else through
 * `fallback` (a reader of the folder, from the sources). Imports the bundle on first use only, so
 * no start loads it.
 */
export async function readPageFile(name: string, fallback: PageFileReader | undefined): Promise<string | undefined> {
  const { bundledPage } = await import('./bundled-page.ts')
  return bundledPage ? bundledPage[name] : fallback?.(name)
}
