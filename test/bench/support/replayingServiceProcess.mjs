// The service as a shop meets it, on another computer: an HTTP proxy in front of the sandbox that keeps each answer
// as it crossed the wire (status, headers, the body still compressed) and, once told to replay, sends the kept answer
// to the same request (method, path and body) again without asking the sandbox. A replayed answer costs this
// computer only its copy into the socket, as an answer from elsewhere costs it its reception; what a pull then keeps
// busy here is the client's own doing. Run with fork(): argv[2] is the sandbox's address; it sends {url} once
// listening, takes {replay: boolean} and answers {replayed, asked} (counts since the last change of mode).
import { createServer, request } from 'node:http'

const upstream = new URL(process.argv[2])
const kept = new Map()
let replay = false
let replayed = 0
let asked = 0

// Hop-by-hop headers describe one connection, not the answer: a replayed answer is sent whole, with its length.
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date'])

function forward(req, body, key, res) {
  const out = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      const chunks = []
      answer.on('data', (c) => {
        chunks.push(c)
        res.write(c)
      })
      answer.on('end', () => {
        res.end()
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name)))
        kept.set(key, { status: answer.statusCode, headers, body: Buffer.concat(chunks) })
      })
      answer.on('error', () => res.destroy())
      res.writeHead(answer.statusCode, answer.headers)
    },
  )
  out.on('error', () => res.destroy())
  out.end(body)
}

const server = createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    const body = Buffer.concat(chunks)
    const key = `${req.method} ${req.url} ${body.toString('latin1')}`
    const answer = replay ? kept.get(key) : undefined
    if (!answer) {
      asked++
      forward(req, body, key, res)
      return
    }
    replayed++
    res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length })
    res.end(answer.body)
  })
})

process.on('message', (m) => {
  process.send({ replayed, asked })
  replay = m.replay
  replayed = 0
  asked = 0
})
process.on('disconnect', () => process.exit(0))
server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}` }))
