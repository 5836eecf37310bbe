// The inspector's page, bundled: the build replaces this module with one that holds the text of
// every file of pageFiles (scripts/build.ts), so the published package serves the page in any
// runtime without reading files. From the sources there is none here, and a server adapter reads
// the files from page/ instead (adapter-seam.ts). Imported on the page's first request only, so
// no start loads it.

/** The page's files by name, when the build bundled them. */
export const bundledPage: Readonly<Record<string, string>> | undefined = undefined
