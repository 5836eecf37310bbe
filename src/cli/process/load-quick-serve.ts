import { quickServeBundle } from './quick-serve-bundle.ts'
import { runCodeCachedBundle } from './code-cached-bundle.ts'

type QuickServe = typeof import('../quick-serve.ts')

/**
 * The serve command's code: in the package, the serve bundle run with its code cache (about a
 * sixth less CPU to the first answer than the same code as ES module chunks, whose cache V8 makes
 * before any function has run: docs/decisions/serve-code-cache.md); from the sources, the module.
 * The build makes the CLI's entry (bin.ts) one file, dist/src/cli/bin.js, beside the bundle, so
 * this module's URL is the entry's. The modules the bundle loads when used (ws, the tokenizer's
 * ranks, a world file, …) are imported from here, so they resolve from the package, as its own
 * imports would.
 */
export async function loadQuickServe(): Promise<QuickServe> {
  if (quickServeBundle === undefined) return import('../quick-serve.ts')
  return runCodeCachedBundle<QuickServe>({
    ...quickServeBundle,
    folder: new URL('./', import.meta.url),
    importWhenUsed: (specifier) => import(specifier),
  })
}
