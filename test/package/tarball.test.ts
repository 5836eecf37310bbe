import { execFileSync, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageFiles } from '../../src/surfaces/admin/inspector/page-files.ts'
import { sharedPackedProject, type PackedProject } from '../support/packed-project.ts'
import { chatExchange, recording } from '../support/recordings.ts'
import { spawnCli } from '../support/spawn-cli.ts'
import { eventually, isPortFree } from '../support/process-tree.ts'
import { stopLikeAUser } from '../support/stop-like-a-user.ts'
import { inRepo, repo } from '../support/paths.ts'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** A TypeScript file that imports every entry's types, with two mistakes the types must catch. */
const typedImports = `import { createGateway, defineWorld, type Gateway, type KeyDescription } from 'llm-gateway-mock'
import { startServer, type RunningServer } from 'llm-gateway-mock/node'
import type { GatewayFixture, UseGatewayOptions } from 'llm-gateway-mock/vitest'
import type { useGateway as useJestGateway } from 'llm-gateway-mock/jest'
import type { useGateway as useNodeTestGateway } from 'llm-gateway-mock/node-test'
const options: UseGatewayOptions = { server: true, env: { apiKey: 'sk-vip' }, scenarios: ['flaky-upstream'] }
type Fixtures = [GatewayFixture, ReturnType<ReturnType<typeof useJestGateway>>, ReturnType<ReturnType<typeof useNodeTestGateway>>]
const urls = (fixtures: Fixtures): string[] => fixtures.map((fixture) => fixture.url)
// @ts-expect-error: server is a boolean
const wrong: UseGatewayOptions = { server: 'yes' }
const world = defineWorld({ extends: 'default', models: [{ id: 'gpt-4o-mini', contextWindow: 8192 }] })
const gateway: Gateway = await createGateway({ world })
const server: RunningServer = await startServer(gateway, { port: 0 })
const keys: KeyDescription[] = []
// @ts-expect-error: the port must be a number
await startServer(gateway, { port: '4010' })
export { server, keys, options, urls, wrong }
`

// The tarball a user would install, in an empty project that has nothing else.
describe('the packed tarball', () => {
  let packed: PackedProject
  let project = ''

  // Shared with test/package/browser.test.ts, which may run at the same time: each file writes its own files only.
  beforeAll(async () => {
    packed = await sharedPackedProject()
    project = packed.project
  }, 480_000)
  afterAll(() => packed?.remove())
  const installed = () => join(project, 'node_modules', 'llm-gateway-mock')

  it('installs into a project with the command the README gives, and npm prints no warning', () => {
    expect(packed.installOutput).toMatch(/added \d+ packages/)
    expect(packed.installOutput).not.toMatch(/\bnpm (warn|error)\b/i)
    const readme = readFileSync(join(installed(), 'README.md'), 'utf8')
    // The first lines: how to install it into a project, run it and test with it.
    const top = readme.split('\n').slice(0, 25).join('\n')
    for (const command of ['npm install --save-dev llm-gateway-mock', 'npx llm-gateway-mock', 'npm test']) expect(top).toContain(command)
  })

  it('carries its licence, its changelog, its docs and where it comes from', () => {
    expect(readFileSync(join(installed(), 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the llm-gateway-mock authors\n/,
    )
    expect(readFileSync(join(installed(), 'CHANGELOG.md'), 'utf8')).toMatch(/^## \[Unreleased\]$/m)
    expect(readdirSync(join(installed(), 'docs'))).toEqual(expect.arrayContaining(['world.md', 'routes.md', 'profiles.md']))
    const manifest = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8')) as Record<string, unknown>
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: expect.stringMatching(/^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/) },
      homepage: expect.stringMatching(/^https:\/\/github\.com\/[\w-]+\/[\w-]+#readme$/),
      bugs: { url: expect.stringMatching(/^https:\/\/github\.com\/[\w-]+\/[\w-]+\/issues$/) },
    })
  })

  // A constant's declaration repeats its value: the tokenizer's 2 MB of ranks once doubled the
  // package's size through its .d.ts. Types say what a value is, never carry it.
  it('carries no data in its type declarations', () => {
    const declarations = readdirSync(join(installed(), 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.d.ts'),
    )
    expect(declarations.length).toBeGreaterThan(50)
    const withData = declarations.filter((file) => /(["'`])[^"'`\n]{10000,}\1/.test(readFileSync(join(installed(), 'dist', file), 'utf8')))
    expect(withData).toEqual([])
  })

  // The library's bundle and the CLI's both load it on the first token count: from one module.
  it("carries the tokenizer's ranks once, for the library and the CLI alike", () => {
    const ranks = readFileSync(inRepo('src/generation/o200k-tokens.ts'), 'utf8').match(/o200kTokens: string = '(.{200})/)![1]!
    const files = readdirSync(join(installed(), 'dist'), { recursive: true, encoding: 'utf8' })
    const carrying = files.filter((file) => file.endsWith('.js') && readFileSync(join(installed(), 'dist', file), 'utf8').includes(ranks))
    expect(carrying).toEqual(['src/generation/o200k-tokens.js'])
  })

  // Inside node_modules the README and the docs are read as files: every relative link must land on
  // one, an image's too (an editor's preview of the README shows it from there).
  it('has no dead relative link in the README, the docs or the scenario reference, and ships each image small', () => {
    const pages = [
      'README.md',
      'CHANGELOG.md',
      'scenarios/README.md',
      ...readdirSync(join(installed(), 'docs')).map((name) => `docs/${name}`),
    ]
    const dead: string[] = []
    const large: string[] = []
    let links = 0
    let images = 0
    for (const page of pages.filter((name) => name.endsWith('.md'))) {
      const text = readFileSync(join(installed(), page), 'utf8')
      for (const [, image, target] of text.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)) {
        if (/^([a-z]+:|#)/.test(target!)) continue
        links += 1
        const file = join(installed(), dirname(page), target!.split('#')[0]!)
        if (!existsSync(file)) dead.push(`${page} → ${target} (${relative(installed(), file)})`)
        else if (image) {
          images += 1
          // Every install carries it: a screenshot is kept to what reads well (pngquant, docs/contributing.md).
          if (statSync(file).size > 100 * 1024) large.push(`${page} → ${target} (${statSync(file).size} bytes)`)
        }
      }
    }
    expect(links).toBeGreaterThan(10)
    expect(images).toBeGreaterThan(0)
    expect(dead).toEqual([])
    expect(large).toEqual([])
  })

  // npm runs the bin through `sh -c`, which (as dash) passes no signal on and outlives a SIGKILL of
  // npm: the server has to notice that its launcher is gone. Each must leave no process behind and
  // the port free. npx and an npm script start it the same way (npm's run-script, `sh -c`, the
  // bin), so each launcher is stopped by one of the two signals.
  const npx = ['--no-install', 'llm-gateway-mock', '--port', '0', '--quiet']
  it.each([
    ['npx llm-gateway-mock', 'SIGTERM', 'npx', npx],
    ['an npm script that runs it', 'SIGKILL', npm, ['start']],
  ] as const)(
    'runs as %s, and stops with all its processes on a %s to what was started',
    async (_, signal, command, args) => {
      const cli = spawnCli(command, [...args], { cwd: project })
      try {
        const [, url, port] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:(\d+))/, 30_000)
        const response = await fetch(`${url}/v1beta/models?key=sk-limited`)
        expect(response.status).toBe(200)
        const outcome = await stopLikeAUser(cli, Number(port), signal)
        expect(outcome).toEqual({ processes: outcome.processes, survivors: [], portFree: true })
        expect(outcome.processes).toBeGreaterThanOrEqual(2)
      } finally {
        await cli.stop()
      }
    },
    60_000,
  )

  it('keeps serving after a SIGKILL to npx with --no-exit-with-parent, until stopped by its PID', async () => {
    const cli = spawnCli('npx', [...npx, '--no-exit-with-parent'], { cwd: project })
    let port = 0
    try {
      const [, url, portText] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:(\d+))/, 30_000)
      port = Number(portText)
      const outcome = await stopLikeAUser(cli, port, 'SIGKILL', 1_000)
      expect(outcome.portFree).toBe(false)
      expect((await fetch(`${url}/v1beta/models?key=sk-limited`)).status).toBe(200)
    } finally {
      // SIGKILLs the survivors by the PIDs recorded while they ran.
      await cli.stop()
    }
    expect(await eventually(() => isPortFree(port), 5_000)).toBe(true)
  }, 60_000)

  it('ships the JSON Schemas editors read for world, scenario and recording files', () => {
    const installed = join(project, 'node_modules', 'llm-gateway-mock')
    const world = JSON.parse(readFileSync(join(installed, 'schemas', 'world.schema.json'), 'utf8')) as { title: string }
    const scenario = JSON.parse(readFileSync(join(installed, 'scenarios', 'scenario.schema.json'), 'utf8')) as { title: string }
    const recording = JSON.parse(readFileSync(join(installed, 'schemas', 'recording.schema.json'), 'utf8')) as { title: string }
    expect([world.title, scenario.title, recording.title]).toEqual([
      'llm-gateway-mock world',
      'llm-gateway-mock scenario',
      'llm-gateway-mock recording',
    ])
  })

  it('reads a directory of recordings given to createGateway under Node (the node export condition)', () => {
    mkdirSync(join(project, 'recs'), { recursive: true })
    writeFileSync(join(project, 'recs', 'session.json'), JSON.stringify(recording([chatExchange(1, 'Hi', { text: 'From the package.' })])))
    writeFileSync(
      join(project, 'replay.mjs'),
      `import { createGateway } from 'llm-gateway-mock'
import { startServer } from 'llm-gateway-mock/node'
const gateway = await createGateway({ replay: './recs', replayStrict: true })
const server = await startServer(gateway, { port: 0 })
const response = await fetch(server.url + '/v1/chat/completions', {
  method: 'POST',
  headers: { authorization: 'Bearer sk-unrestricted', 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
})
console.log(JSON.stringify({ text: (await response.json()).choices[0].message.content, recordings: gateway.replay.recordings }))
await server.close()
`,
    )
    const output = execFileSync(process.execPath, ['replay.mjs'], { cwd: project, encoding: 'utf8' })
    expect(JSON.parse(output)).toEqual({ text: 'From the package.', recordings: [join('recs', 'session.json')] })
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

  // Each runner's entry, from the tarball, in a test file of that runner. The runners are the
  // repository's own (linked into the project): they are optional peers, which npm does not install.
  it.each([
    ['vitest', 'gateway.test.ts', (file: string) => [join(repo, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=verbose', file]],
    [
      'jest',
      'gateway.test.mjs',
      (file: string) => ['--experimental-vm-modules', join(repo, 'node_modules/jest/bin/jest.js'), '--verbose', '--rootDir', '.', file],
    ],
    ['node-test', 'gateway.test.mjs', (file: string) => ['--test', '--test-reporter=spec', file]],
  ])(
    'runs llm-gateway-mock/%s in its runner',
    (runner, name, args) => {
      for (const linked of ['vitest', 'jest']) {
        if (!existsSync(join(project, 'node_modules', linked)))
          symlinkSync(join(repo, 'node_modules', linked), join(project, 'node_modules', linked))
      }
      if (runner === 'jest') writeFileSync(join(project, 'jest.config.json'), JSON.stringify({ testEnvironment: 'node', transform: {} }))
      const folder = join(project, runner)
      mkdirSync(folder, { recursive: true })
      const hooks =
        runner === 'vitest' ? "import { expect, test } from 'vitest'\n" : runner === 'node-test' ? "import { test } from 'node:test'\n" : ''
      const check =
        runner === 'node-test'
          ? "if (response.status !== 200) throw new Error('status ' + response.status)"
          : 'expect(response.status).toBe(200)'
      writeFileSync(
        join(folder, name),
        `${hooks}import { useGateway } from 'llm-gateway-mock/${runner}'
const gateway = useGateway()
test('serves a fresh gateway', async () => {
  const response = await fetch(gateway().url + '/v1/models', { headers: { authorization: 'Bearer sk-limited' } })
  ${check}
})
`,
      )
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS'))
      const result = spawnSync(process.execPath, args(`${runner}/${name}`), {
        cwd: project,
        encoding: 'utf8',
        env: { ...env, NO_COLOR: '1' },
      })
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
      expect(`${result.stdout}\n${result.stderr}`).toMatch(/(✓|✔)[^\n]*serves a fresh gateway/)
    },
    120_000,
  )

  // Both resolutions in one tsc process (`tsc -b` with two projects), which reads TypeScript's
  // libraries once: the same errors as two `tsc -p`, for about two thirds of the CPU.
  it('type-checks an import from TypeScript with moduleResolution NodeNext and node10', () => {
    const resolutions = {
      nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
      // The resolution of TypeScript before 4.7 and of many projects still: it reads `types` and
      // `typesVersions`, not `exports`.
      node10: { module: 'ESNext', moduleResolution: 'node10', ignoreDeprecations: '6.0' },
    }
    // In a folder of its own: esbuild, bundling the browser test's page in the project, reads a tsconfig.json it finds above.
    const folder = join(project, 'typecheck')
    for (const [name, resolution] of Object.entries(resolutions)) {
      mkdirSync(join(folder, name), { recursive: true })
      writeFileSync(join(folder, name, 'check.ts'), typedImports)
      writeFileSync(
        join(folder, name, 'tsconfig.json'),
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
    }
    const tsc = join(repo, 'node_modules/typescript/bin/tsc')
    const projects = Object.keys(resolutions).map((name) => `${name}/tsconfig.json`)
    const result = spawnSync(process.execPath, [tsc, '-b', ...projects], { cwd: folder, encoding: 'utf8' })
    expect(`${result.stdout}${result.stderr}`).toBe('')
    expect(result.status).toBe(0)
  }, 60_000)

  /** What `keys --world FILE` resolves on its way: the URL of every module it loads. */
  function modulesLoadedFor(worldFile: string, world: unknown): string[] {
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
    expect(JSON.parse(result.stdout).keys.map((key: { key: string }) => key.key)).toContain('sk-typed')
    return JSON.parse(/^resolved: (.*)$/m.exec(result.stderr)![1]!) as string[]
  }
  const typedWorld = { extends: 'default', tokens: [{ key: 'sk-typed', name: 'typed', userId: 1, unlimitedQuota: true }] }

  // tsx is an optional peer dependency: it brings esbuild, whose install script npm asks every
  // project to approve. Without it a TypeScript world loads through Node's own type stripping.
  it.each([['world.json'], ['world.mjs'], ['world.ts']])('loads %s without tsx, which it does not install', (worldFile) => {
    expect(existsSync(join(project, 'node_modules', 'tsx'))).toBe(false)
    const resolved = modulesLoadedFor(worldFile, typedWorld)
    expect(resolved.filter((url) => /\/node_modules\/(tsx|esbuild)\//.test(url))).toEqual([])
  })

  // A project whose package.json says `"type": "commonjs"` (what `npm init` writes) has Node strip
  // a world.ts's types as CommonJS, where its `export default` is a syntax error: the refusal says
  // how to go on.
  it('says how to load a TypeScript world that Node runs as CommonJS, without tsx', () => {
    const folder = join(project, 'commonjs-project')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'commonjs-project', type: 'commonjs' }))
    writeFileSync(join(folder, 'world.ts'), `export default ${JSON.stringify(typedWorld)}\n`)
    const result = spawnSync(
      process.execPath,
      ['node_modules/llm-gateway-mock/bin/llm-gateway-mock.js', 'keys', '--world', 'commonjs-project/world.ts'],
      { cwd: project, encoding: 'utf8' },
    )
    expect(result.status).toBe(3)
    expect(result.stderr).toContain("Unexpected token 'export'")
    expect(result.stderr).toContain('name it .mts, or install tsx, npm install --save-dev tsx')
  })

  // Last: it gives the project tsx (the repository's, linked as the runners are above, rather than
  // a second npm install). tsx, and esbuild with it, costs start-up time and memory: a server given
  // no TypeScript file must not load it even where it is installed.
  it('loads a TypeScript world through tsx where the project has it, and tsx only for TypeScript', () => {
    symlinkSync(join(repo, 'node_modules', 'tsx'), join(project, 'node_modules', 'tsx'))
    const loadsTsx = (worldFile: string) => modulesLoadedFor(worldFile, typedWorld).some((url) => url.includes('/node_modules/tsx/'))
    expect([loadsTsx('world.json'), loadsTsx('world.mjs'), loadsTsx('world.ts')]).toEqual([false, false, true])
  }, 120_000)
})

// A fresh clone builds dist/ when `npm install` fills node_modules; where that did not run (scripts off), the bin runs
// the sources through tsx rather than failing on the missing build.
describe('a checkout without dist/', () => {
  let checkout = ''
  beforeAll(() => {
    checkout = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-clone-'))
    cpSync(join(repo, 'bin'), join(checkout, 'bin'), { recursive: true })
    for (const entry of ['src', 'scenarios', 'node_modules', 'package.json']) symlinkSync(join(repo, entry), join(checkout, entry))
  })
  afterAll(() => rmSync(checkout, { recursive: true, force: true }))

  it('runs the CLI from its sources', () => {
    const result = spawnSync(process.execPath, ['bin/llm-gateway-mock.js', 'keys', '--json'], { cwd: checkout, encoding: 'utf8' })
    expect(result.status, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).keys.map((key: { key: string }) => key.key)).toContain('sk-unrestricted')
  }, 60_000)
})
