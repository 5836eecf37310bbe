// Where a test finds the repository's files, from whichever folder of test/ it runs.

const root = new URL('../../', import.meta.url)

/** The repository's root folder, with its trailing slash. */
export const repo = root.pathname

/** A file or folder of the repository, by its path from the root. */
export function inRepo(path: string): URL {
  return new URL(path, root)
}

/** The package's bin, as `npx llm-gateway-mock` runs it. */
export const bin = inRepo('bin/llm-gateway-mock.js').pathname

/** The path of a file in test/fixtures. */
export function fixture(name: string): string {
  return inRepo(`test/fixtures/${name}`).pathname
}
