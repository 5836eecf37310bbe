import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, describe, expect, it } from 'vitest'
import { createGateway as createBrowserGateway } from '../../src/index.ts'
import { createGateway } from '../../src/node/package-entry.ts'
import { repo } from '../support/paths.ts'

// Issue 24 item 1: under Node `world` and `replay` may be paths, read as `--world` and `--replay`
// read them; the runtime-neutral core names the Node entry instead of failing on the schema.
const worldFile = 'test/fixtures/runners/paths/gateway-world.json'
const recordings = 'test/fixtures/runners/paths/recordings'
const directory = mkdtempSync(join(tmpdir(), 'llm-gateway-mock-world-path-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const motto = () =>
  fetch('http://gateway.test/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: 'Bearer sk-from-world-file', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'team-writer', messages: [{ role: 'user', content: 'Our motto?' }] }),
  })

describe("createGateway from 'llm-gateway-mock' under Node", () => {
  it('reads a JSON world file that world names, relative to the working directory', async () => {
    const gateway = await createGateway({ world: `./${worldFile}` })
    expect(gateway.world.findToken('sk-from-world-file')).toMatchObject({ name: 'from the file' })
    expect(gateway.world.models.all().map((model) => model.id)).toContain('team-writer')
  })

  it('reads a TypeScript world file as --world does', async () => {
    const file = join(directory, 'world.ts')
    writeFileSync(
      file,
      `const key: string = 'sk-typed'\nexport default { extends: 'default', tokens: [{ key, name: 'typed', userId: 1 }] }\n`,
    )
    const gateway = await createGateway({ world: file })
    expect(gateway.world.findToken('sk-typed')).toMatchObject({ name: 'typed' })
  })

  it('names the file it cannot read', async () => {
    await expect(createGateway({ world: join(directory, 'missing.json') })).rejects.toThrow(/missing\.json/)
  })

  it('replays recordings a path names, in the world a path names', async () => {
    const gateway = await createGateway({ world: worldFile, replay: recordings })
    const server = setupServer(...gateway.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      const response = await motto()
      expect(response.status).toBe(200)
      expect((await response.json()).choices[0].message.content).toBe('Recorded upstream: short, plain and true.')
    } finally {
      server.close()
    }
  })

  it("is what `import { createGateway } from 'llm-gateway-mock'` gives a Node program (the package's node condition)", async () => {
    const script = `import { createGateway } from 'llm-gateway-mock'
const gateway = await createGateway({ world: './${worldFile}', replay: './${recordings}' })
console.log(JSON.stringify({ token: gateway.world.findToken('sk-from-world-file')?.name, recordings: gateway.replay.recordings }))`
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: repo }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    )
    expect(JSON.parse(output)).toEqual({ token: 'from the file', recordings: [`${recordings}/session.json`] })
  })
})

describe('createGateway from the runtime-neutral core', () => {
  it('refuses a world path, naming the Node entry that reads it', async () => {
    await expect(createBrowserGateway({ world: './gateway-world.json' })).rejects.toThrow(
      /world is a path \("\.\/gateway-world\.json"\), which only Node can read: import createGateway from 'llm-gateway-mock' in Node/,
    )
  })
})
