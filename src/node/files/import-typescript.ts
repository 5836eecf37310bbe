/**
 * Imports a TypeScript module: through tsx where the project has it (every TypeScript syntax,
 * imports without extensions), else through Node's own type stripping (Node.js 22.18 and newer:
 * the syntax that erases to JavaScript). tsx is an optional peer dependency rather than one of
 * ours: with it comes esbuild, whose install script npm asks every project to approve, for the
 * few projects that write their worlds in TypeScript on an older Node.
 */
export async function importTypeScript(url: URL): Promise<{ default?: unknown }> {
  const tsx = await importTsx()
  if (tsx) {
    // tsx loads each call's modules afresh by itself, without the query that makes Node do so.
    const file = new URL(url)
    file.search = ''
    return withoutInterop(await tsx.tsImport(file.href, import.meta.url))
  }
  if (!process.features.typescript) {
    throw new Error(
      `Node.js ${process.versions.node} does not run TypeScript by itself: install tsx (npm install --save-dev tsx), use Node.js 22.18 or newer, or write the file as .json or .js`,
    )
  }
  try {
    return (await import(url.href)) as { default?: unknown }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX') {
      throw new Error(`${(error as Error).message} (Node.js only strips types: install tsx, npm install --save-dev tsx, for the rest)`, {
        cause: error,
      })
    }
    // A .ts file is CommonJS to Node where the nearest package.json does not say `"type": "module"`
    // (`npm init` writes `"type": "commonjs"`), and its `export` or `import` is then a syntax error.
    if (error instanceof SyntaxError && url.pathname.endsWith('.ts') && /\b(export|import)\b/.test(error.message)) {
      throw new Error(
        `${error.message} (Node.js ran the file as CommonJS, as the nearest package.json does not say "type": "module": name it .mts, or install tsx, npm install --save-dev tsx)`,
        { cause: error },
      )
    }
    throw error
  }
}

/**
 * The module as written. In a project without `"type": "module"` tsx compiles a `.ts` file to
 * CommonJS, and its `export default X` arrives as `{ default: { default: X } }`.
 */
function withoutInterop(module: { default?: unknown }): { default?: unknown } {
  const exported = module.default
  const compiled = 'module.exports' in module && typeof exported === 'object' && exported !== null && 'default' in exported
  return compiled ? { default: (exported as { default: unknown }).default } : module
}

async function importTsx(): Promise<typeof import('tsx/esm/api') | undefined> {
  try {
    return await import('tsx/esm/api')
  } catch (error) {
    // Not installed; any other failure of an installed tsx is the user's to see.
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && /\btsx\b/.test((error as Error).message)) return undefined
    throw error
  }
}
