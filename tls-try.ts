import { createGateway } from './src/index.ts'
import { startServer } from './src/node/index.ts'
import { Agent } from 'undici'
import { connect } from 'node:net'
import WebSocket from 'ws'
process.env.LLM_GATEWAY_MOCK_TLS_DIR = '/tmp/tls-try-dir'
const t = performance.now()
const server = await startServer(await createGateway(), { port: 0, tls: true })
console.log(server.url, server.caFile, performance.now() - t)
const agent = new Agent({ connect: { ca: server.ca } })
const r = await fetch(`${server.url}/v1/models`, { headers: { authorization: 'Bearer sk-unrestricted' }, dispatcher: agent } as any)
console.log(r.status, (await r.text()).slice(0, 80))
const plain = await fetch(server.url.replace('https', 'http') + '/v1/models').catch((e) => e)
console.log(plain.status, await plain.text?.())
const a = await fetch(server.url.replace('https', 'http') + '/v1/messages', { method: 'POST', body: '{}' }).catch((e) => e)
console.log(a.status, await a.text?.())
const ws = new WebSocket(server.url.replace('https', 'wss') + '/v1/realtime?model=gpt-realtime', { ca: server.ca, headers: { authorization: 'Bearer sk-unrestricted' } })
await new Promise((res) => ws.once('message', (d) => { console.log('ws', String(d).slice(0, 60)); res(0) }))
ws.close()
const ws2 = new WebSocket(server.url.replace('https', 'ws') + '/v1/realtime?model=gpt-realtime')
ws2.on('error', (e) => console.log('ws2', e.message))
await new Promise((r) => ws2.once('close', r))
// idle socket and half-handshake
const idle = connect(server.port, '127.0.0.1')
const half = connect(server.port, '127.0.0.1'); half.write(Buffer.from([0x16, 3, 1]))
await new Promise((r) => setTimeout(r, 200))
const c = performance.now()
await server.close()
console.log('closed', performance.now() - c)
