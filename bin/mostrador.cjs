#!/usr/bin/env node
// The CLI is built with the app (electron-vite's main build); this only finds it.
const { existsSync } = require('node:fs')
const { join } = require('node:path')
const cli = join(__dirname, '..', 'out', 'main', 'cli.js')
if (!existsSync(cli)) {
  process.stderr.write('mostrador: the app is not built yet. Run: npm run build\n')
  process.exit(2)
}
require(cli)
