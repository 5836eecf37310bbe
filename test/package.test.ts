import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

  it('type-checks an import from TypeScript', () => {
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
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
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
})
