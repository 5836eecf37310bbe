// The baseline: a bare node:http server doing the same HTTP work with no framework, in plain
// JavaScript (neither a TypeScript loader nor Node's type stripping adds to its start or memory). GET /v1/models: find
// the key, serialise the same list. POST /v1/chat/completions: read and parse the JSON body, find
// the key, serialise the reply (or its chunks) that the gateway gave for the same request.
// Usage: node bench/serve-bare.mjs PORT REPLIES_FILE (a BareReplies, bare-replies.ts, as JSON).
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import process from 'node:process'

const [port, file] = process.argv.slice(2)
const replies = JSON.parse(readFileSync(file, 'utf8'))
const lists = new Map(Object.entries(replies.lists))

async function readJson(req) {
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
server.listen(Number(port), '127.0.0.1')
