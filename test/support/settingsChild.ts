import { createInterface } from 'node:readline'
import { SettingsStore } from '@core/settingsStore'

/**
 * A process that changes settings.json beside others (test/faults/settingsTwoProcesses.test.ts), as the app, the
 * browser host and the CLI do on one data folder.
 *
 *   add DIR FIRST ROUNDS   waits for "go" on stdin, then ROUNDS times adds one stock agency (FIRST, FIRST + 1, …)
 *                          to the station's, each a save of its own; says "done".
 */
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`)

async function main(): Promise<void> {
  const [mode, dir, first, rounds] = process.argv.slice(2)
  if (mode !== 'add') throw new Error(`unknown mode ${mode}`)
  const store = new SettingsStore(dir!)
  const lines = createInterface({ input: process.stdin })
  const go = new Promise<void>((resolve) => lines.on('line', (line) => line.trim() === 'go' && resolve()))
  say({ phase: 'ready' })
  await go
  for (let i = 0; i < Number(rounds); i++) {
    const agency = Number(first) + i
    store.update((s) => ({ ...s, preferences: { ...s.preferences, stockAgencies: [...s.preferences.stockAgencies, agency] } }))
  }
  say({ phase: 'done' })
  lines.close()
}

main().catch((err: unknown) => {
  say({ phase: 'error', error: String(err) })
  process.exitCode = 1
})
