// The baseline: a bare node:http server doing the same job for GET /v1/models, with no framework:
// find the key, serialise the same list, answer 401 otherwise.
import { createServer } from 'node:http'
import { createGateway, visibleModels } from '../src/index.ts'
import { reportToParent } from './report-to-parent.ts'

const gateway = await createGateway()
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

const server = createServer((req, res) => {
  const list = req.method === 'GET' && req.url === '/v1/models' ? lists.get(req.headers.authorization ?? '') : undefined
  if (!list) {
    res.writeHead(401, { 'content-type': 'application/json; charset=utf-8' })
    res.end('{"error":{"message":"Invalid API key","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}')
    return
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'bare' })
  res.end(JSON.stringify(list))
})
server.listen(0, '127.0.0.1', () => reportToParent((server.address() as { port: number }).port))
