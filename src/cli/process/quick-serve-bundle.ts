/**
 * The serve bundle the package carries, beside the CLI's entry (dist/src/cli/): its build's id,
 * its entry chunk, and each chunk's file name with the SHA-256 of its text (which names its code
 * cache). None in the sources, which import quick-serve.ts as a module; scripts/build.ts replaces
 * this module in the CLI's bundle.
 */
export const quickServeBundle: { id: string; entry: string; chunks: Record<string, string> } | undefined = undefined
