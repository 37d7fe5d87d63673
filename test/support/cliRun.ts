import { join } from 'node:path'
import { vi } from 'vitest'
import { runCli } from '../../src-main/cli/program'
import { tempDir } from './tempDir'

/** Runs the CLI in this process, capturing what it prints. */
export async function cli(args: string[], env: Record<string, string> = {}, dataDir = tempDir()) {
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true))
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true))
  try {
    // Logs go beside the test's data, never into the user's own log folder.
    const code = await runCli(['--data-dir', dataDir, ...args], { MOSTRADOR_LOG_DIR: join(dataDir, 'logs'), ...env })
    return { code, stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
    process.exitCode = undefined
  }
}
