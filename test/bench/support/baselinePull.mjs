// The baseline of the pull benchmark: what the pull must read, bare. The same
// GraphQL pages fetched over loopback, JSON.parse'd, and each row's JSON
// inserted with one positional prepared statement; beside them, as the pull
// reads it, the REST list of bundles (GET /inventories/bundles.json, about
// 100 MB) streamed and decoded, without parsing or storing it. No schemas, no
// staging, no merge, no indexes: the floor a pull could reach. It asks for
// compression as the pull does (fetch decompresses). Prints {ms, cpuMs, rows,
// restMs, restBytes, graphqlBytes, maxRssKb} as JSON; the byte counts are of
// the answers decompressed.
import { performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'

const [url, email, token, dbFile, queriesJson, pageSize] = process.argv.slice(2)
const start = performance.now()
const compressed = { 'Accept-Encoding': 'br, gzip' }
const headers = { 'X-User-Email': email, 'X-User-Token': token, Accept: 'application/json', ...compressed }
// Started first and read beside the pages, as the pull does.
const restList = (async () => {
  const res = await fetch(`${url}/inventories/bundles.json`, { headers })
  if (!res.ok) throw new Error(`REST list: ${res.status}`)
  const decoder = new TextDecoder()
  let bytes = 0
  for await (const chunk of res.body) {
    bytes += chunk.length
    decoder.decode(chunk, { stream: true })
  }
  decoder.decode()
  return { ms: performance.now() - start, bytes }
})()
const tokenRes = await (await fetch(`${url}/apps/graphql.json`, { headers })).json()
const db = new Database(dbFile)
db.pragma('journal_mode = WAL')
db.exec('CREATE TABLE rows (tbl TEXT, id INTEGER, body TEXT)')
const insert = db.prepare('INSERT INTO rows VALUES (?, ?, ?)')
let rows = 0
let graphqlBytes = 0
for (const { table, query } of JSON.parse(queriesJson)) {
  let after = 0
  for (;;) {
    const res = await fetch(tokenRes.graphqlUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokenRes.token}`, 'Content-Type': 'application/json', ...compressed },
      body: JSON.stringify({ query, variables: { after, limit: Number(pageSize) } }),
    })
    const text = await res.text()
    graphqlBytes += Buffer.byteLength(text)
    const page = JSON.parse(text).data[table]
    db.transaction(() => {
      for (const r of page) insert.run(table, r.id, JSON.stringify(r))
    })()
    rows += page.length
    if (page.length < Number(pageSize)) break
    after = page[page.length - 1].id
  }
}
const rest = await restList
db.close()
const usage = process.resourceUsage()
process.stdout.write(
  JSON.stringify({
    ms: performance.now() - start,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    rows,
    restMs: rest.ms,
    restBytes: rest.bytes,
    graphqlBytes,
    maxRssKb: usage.maxRSS,
  }),
)
