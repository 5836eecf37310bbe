// The baseline: a bare node:http server doing the same HTTP work with no framework. GET /v1/models:
// find the key, serialise the same list. POST /v1/chat/completions: read and parse the JSON body,
// find the key, serialise the reply (or its chunks) that the gateway gave for the same request,
// which the benchmark hands over at start-up.
import { createServer, type IncomingMessage } from 'node:http'
import { createGateway, visibleModels } from '../src/index.ts'
import { benchWorld } from './bench-world.ts'
import { reportToParent, type ReferenceReplies } from './report-to-parent.ts'

const gateway = await createGateway({ world: benchWorld })
const lists = new Map(
  gateway.world.tokens.all().map((token) => {
    const user = gateway.world.findUser(token.userId)!
    const data = visibleModels(gateway.world, token, user).map((model) => ({
      id: model.id,
      object: 'model',
      created: model.created,
      owned_by: model.ownedBy,
      supported_endpoint_types: model.endpointTypes,
    }))
    return [`Bearer ${token.key}`, { success: true, object: 'list', data }]
  }),
)
let replies: ReferenceReplies = { completion: {}, chunks: [] }
process.on('message', (message: { replies?: ReferenceReplies }) => {
  if (message.replies) replies = message.replies
})

async function readJson(req: IncomingMessage): Promise<{ stream?: boolean }> {
  let text = ''
  for await (const chunk of req) text += chunk
  return JSON.parse(text)
}

const server = createServer(async (req, res) => {
  const list = lists.get(req.headers.authorization ?? '')
  if (!list) {
    res.writeHead(401, { 'content-type': 'application/json; charset=utf-8' })
    res.end('{"error":{"message":"Invalid API key","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}')
    return
  }
  if (req.method === 'POST' && req.url === '/v1/chat/completions') {
    const body = await readJson(req)
    if (body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'x-request-id': 'bare' })
      res.end(replies.chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n')
    } else {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'bare' })
      res.end(JSON.stringify(replies.completion))
    }
    return
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'bare' })
  res.end(JSON.stringify(list))
})
server.listen(0, '127.0.0.1', () => reportToParent((server.address() as { port: number }).port))
