// The baseline of the pull benchmark: fetch the same GraphQL pages over
// loopback, JSON.parse them, and insert each row's JSON with one positional
// prepared statement. No schemas, no staging, no indexes: the floor a pull
// could reach. Prints {ms, rows, maxRssKb} as JSON.
import { performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'

const [url, email, token, dbFile, queriesJson, pageSize] = process.argv.slice(2)
const start = performance.now()
const headers = { 'X-User-Email': email, 'X-User-Token': token, Accept: 'application/json' }
const tokenRes = await (await fetch(`${url}/apps/graphql.json`, { headers })).json()
const db = new Database(dbFile)
db.pragma('journal_mode = WAL')
db.exec('CREATE TABLE rows (tbl TEXT, id INTEGER, body TEXT)')
const insert = db.prepare('INSERT INTO rows VALUES (?, ?, ?)')
let rows = 0
for (const { table, query } of JSON.parse(queriesJson)) {
  let after = 0
  for (;;) {
    const res = await fetch(tokenRes.graphqlUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokenRes.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables: { after, limit: Number(pageSize) } }),
    })
    const page = JSON.parse(await res.text()).data[table]
    db.transaction(() => {
      for (const r of page) insert.run(table, r.id, JSON.stringify(r))
    })()
    rows += page.length
    if (page.length < Number(pageSize)) break
    after = page[page.length - 1].id
  }
}
db.close()
process.stdout.write(JSON.stringify({ ms: performance.now() - start, rows, maxRssKb: process.resourceUsage().maxRSS }))
