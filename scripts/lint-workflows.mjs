#!/usr/bin/env node
// Validates every GitHub Actions workflow against the workflow schema with
// action-validator (@action-validator/cli), which checks one file per run.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dir = join(root, '.github', 'workflows')
const validator = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'action-validator.cmd' : 'action-validator')
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name))
if (files.length === 0) {
  console.error('lint:workflows: no workflow in .github/workflows')
  process.exit(1)
}
let failed = 0
for (const name of files) {
  const result = spawnSync(validator, [join(dir, name)], { stdio: 'inherit' })
  if (result.status === 0) console.log(`lint:workflows: ${name} ok`)
  else failed++
}
process.exit(failed ? 1 : 0)
