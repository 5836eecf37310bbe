import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageFiles } from '../src/surfaces/admin/inspector/page-files.ts'
import { installPackedProject, type PackedProject } from './support/packed-project.ts'
import { spawnCli } from './support/spawn-cli.ts'
import { stopLikeAUser } from './support/stop-like-a-user.ts'

const repo = new URL('..', import.meta.url).pathname
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

// The tarball a user would install, in an empty project that has nothing else.
describe('the packed tarball', () => {
  let packed: PackedProject
  let project = ''

  beforeAll(() => {
    packed = installPackedProject({ scripts: { start: 'llm-gateway-mock --port 0 --quiet' } })
    project = packed.project
  }, 240_000)
  afterAll(() => packed?.remove())

  // npm runs the bin through `sh -c`, which (as dash) passes no signal on: the server has to notice
  // that its parent is gone. Both must leave no process behind and the port free.
  it.each([
    ['npx llm-gateway-mock', 'npx', ['--no-install', 'llm-gateway-mock', '--port', '0', '--quiet']],
    ['an npm script that runs it', npm, ['start']],
  ])(
    'runs as %s, and stops with all its processes on a SIGTERM to what was started',
    async (_, command, args) => {
      const cli = spawnCli(command, args, { cwd: project })
      try {
        const [, url, port] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:(\d+))/, 30_000)
        const response = await fetch(`${url}/v1beta/models?key=sk-limited`)
        expect(response.status).toBe(200)
        const outcome = await stopLikeAUser(cli, Number(port), 'SIGTERM')
        expect(outcome).toEqual({ processes: outcome.processes, survivors: [], portFree: true })
        expect(outcome.processes).toBeGreaterThanOrEqual(2)
      } finally {
        await cli.stop()
      }
    },
    60_000,
  )

  it('ships the JSON Schemas editors read for world and scenario files', () => {
    const installed = join(project, 'node_modules', 'llm-gateway-mock')
    const world = JSON.parse(readFileSync(join(installed, 'schemas', 'world.schema.json'), 'utf8')) as { title: string }
    const scenario = JSON.parse(readFileSync(join(installed, 'scenarios', 'scenario.schema.json'), 'utf8')) as { title: string }
    expect([world.title, scenario.title]).toEqual(['llm-gateway-mock world', 'llm-gateway-mock scenario'])
  })

  it('serves the inspector page from the installed bin and library, its files as in the sources', async () => {
    const source = (name: string) => readFileSync(join(repo, 'src/surfaces/admin/inspector/page', name), 'utf8')
    const served = async (url: string) => {
      const page = await fetch(`${url}/__mock/`)
      expect([page.status, page.headers.get('content-security-policy')]).toEqual([200, expect.stringContaining("script-src 'self'")])
      expect(await page.text()).toBe(source('index.html'))
      for (const name of Object.keys(pageFiles))
        expect([name, await (await fetch(`${url}/__mock/inspector/${name}`)).text()]).toEqual([name, source(name)])
    }
    const cli = spawnCli(process.execPath, ['node_modules/llm-gateway-mock/bin/llm-gateway-mock.js', '--port', '0', '--quiet'], {
      cwd: project,
    })
    try {
      const [, url] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/, 30_000)
      await served(url!)
    } finally {
      await cli.stop()
    }
    // The library's gateway, started from JavaScript (and stopped by a signal): the page comes from the bundle, not from files.
    writeFileSync(
      join(project, 'inspector.mjs'),
      `import { createGateway } from 'llm-gateway-mock'
import { startServer } from 'llm-gateway-mock/node'
const server = await startServer(await createGateway(), { port: 0 })
console.log(server.url)
`,
    )
    const library = spawnCli(process.execPath, ['inspector.mjs'], { cwd: project })
    try {
      const [url] = await library.waitFor(/http:\/\/127\.0\.0\.1:\d+/, 30_000)
      await served(url!)
    } finally {
      await library.stop()
    }
  }, 60_000)

  it('imports from JavaScript without a TypeScript loader', () => {
    writeFileSync(
      join(project, 'check.mjs'),
      `import { createGateway } from 'llm-gateway-mock'
import { startServer } from 'llm-gateway-mock/node'
const server = await startServer(await createGateway(), { port: 0 })
const response = await fetch(server.url + '/v1/models', { headers: { authorization: 'Bearer sk-limited' } })
console.log(JSON.stringify((await response.json()).data.map((model) => model.id)))
await server.close()
`,
    )
    const output = execFileSync(process.execPath, ['check.mjs'], { cwd: project, encoding: 'utf8' })
    expect(JSON.parse(output)).toEqual(['gpt-4o-mini', 'gemini-2.5-flash'])
  })

  it.each([
    ['NodeNext', { module: 'NodeNext', moduleResolution: 'NodeNext' }],
    // The resolution of TypeScript before 4.7 and of many projects still: it reads `types` and
    // `typesVersions`, not `exports`.
    ['node10', { module: 'ESNext', moduleResolution: 'node10', ignoreDeprecations: '6.0' }],
  ])('type-checks an import from TypeScript with moduleResolution %s', (_, resolution) => {
    writeFileSync(
      join(project, 'check.ts'),
      `import { createGateway, defineWorld, type Gateway, type KeyDescription } from 'llm-gateway-mock'
import { startServer, type RunningServer } from 'llm-gateway-mock/node'
const world = defineWorld({ extends: 'default', models: [{ id: 'gpt-4o-mini', contextWindow: 8192 }] })
const gateway: Gateway = await createGateway({ world })
const server: RunningServer = await startServer(gateway, { port: 0 })
const keys: KeyDescription[] = []
// @ts-expect-error: the port must be a number
await startServer(gateway, { port: '4010' })
export { server, keys }
`,
    )
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          ...resolution,
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2023', 'DOM'],
          types: [],
        },
        files: ['check.ts'],
      }),
    )
    const tsc = join(repo, 'node_modules/typescript/bin/tsc')
    const result = (() => {
      try {
        return execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' })
      } catch (error) {
        return String((error as { stdout?: string }).stdout)
      }
    })()
    expect(result).toBe('')
  })

  // tsx, and esbuild with it, costs start-up time and memory: a server given no TypeScript file
  // must not load it. The hook records every module the process resolves.
  it.each([
    ['a JSON world', 'world.json', false],
    ['a JavaScript world', 'world.mjs', false],
    ['a TypeScript world', 'world.ts', true],
  ])('loads tsx only for a TypeScript file: %s', (_, worldFile, loadsTsx) => {
    const world = { extends: 'default', models: [{ id: 'gpt-4o-mini', contextWindow: 8192 }] }
    writeFileSync(
      join(project, worldFile),
      worldFile.endsWith('.json') ? JSON.stringify(world) : `export default ${JSON.stringify(world)}\n`,
    )
    writeFileSync(
      join(project, 'trace-resolves.mjs'),
      `import { registerHooks } from 'node:module'
const seen = []
registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); seen.push(result.url); return result } })
process.on('exit', () => process.stderr.write('resolved: ' + JSON.stringify(seen) + '\\n'))
`,
    )
    const result = spawnSync(
      process.execPath,
      ['--import', './trace-resolves.mjs', 'node_modules/llm-gateway-mock/bin/llm-gateway-mock.js', 'keys', '--json', '--world', worldFile],
      { cwd: project, encoding: 'utf8' },
    )
    expect(result.status, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).keys.length).toBeGreaterThan(0)
    const resolved = JSON.parse(/^resolved: (.*)$/m.exec(result.stderr)![1]!) as string[]
    expect(resolved.some((url) => url.includes('/node_modules/tsx/'))).toBe(loadsTsx)
    expect(resolved.some((url) => url.includes('/node_modules/esbuild/'))).toBe(loadsTsx)
  })
})

// A fresh clone builds dist/ in npm's `prepare`; where that did not run (scripts off), the bin runs
// the sources through tsx rather than failing on the missing build.
describe('a checkout without dist/', () => {
  let checkout = ''
  beforeAll(() => {
    checkout = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-clone-'))
    mkdirSync(join(checkout, 'bin'))
    copyFileSync(join(repo, 'bin/llm-gateway-mock.js'), join(checkout, 'bin/llm-gateway-mock.js'))
    for (const entry of ['src', 'scenarios', 'node_modules', 'package.json']) symlinkSync(join(repo, entry), join(checkout, entry))
  })
  afterAll(() => rmSync(checkout, { recursive: true, force: true }))

  it('runs the CLI from its sources', () => {
    const result = spawnSync(process.execPath, ['bin/llm-gateway-mock.js', 'keys', '--json'], { cwd: checkout, encoding: 'utf8' })
    expect(result.status, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).keys.map((key: { key: string }) => key.key)).toContain('sk-unrestricted')
  })
})
