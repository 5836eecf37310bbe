// The gateway's HTTP server, alone in its process, as `npx llm-gateway-mock` runs it (no request log).
import { createGateway } from '../src/index.ts'
import { startServer } from '../src/node/index.ts'
import { benchWorld } from './bench-world.ts'
import { reportToParent } from './report-to-parent.ts'

const server = await startServer(await createGateway({ world: benchWorld }), { port: 0 })
reportToParent(server.port)
