import { join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import type { TrainingLauncher, TrainingService } from '@base/training'
import { startSandbox, storeFileName, type RunningSandbox } from './index'
import { SandboxStore } from './store/sandboxStore'

/**
 * Training mode's sandbox: small scale, on a free loopback port (the same one
 * again after a stop, when it is still free), its data in
 * `dataDir` so practice survives a restart until the user resets it.
 */
export function createTrainingLauncher(dataDir: string): TrainingLauncher {
  let running: Promise<RunningSandbox> | undefined
  // A restarted service keeps its address: the signed-in session and its outbox still point there.
  let lastPort = 0
  let lineDown = false

  const ensureRunning = (): Promise<RunningSandbox> => {
    running ??= startSandbox({ dataDir, scale: 'small', host: '127.0.0.1', port: lastPort, extensions: true })
      .catch(() => startSandbox({ dataDir, scale: 'small', host: '127.0.0.1', port: 0, extensions: true }))
      .then((sandbox) => {
        lastPort = Number(new URL(sandbox.url).port)
        return sandbox
      })
      .catch((err: unknown) => {
        running = undefined
        throw err
      })
    return running
  }

  return {
    async start(): Promise<TrainingService> {
      lineDown = false
      const sandbox = await ensureRunning()
      const user = sandbox.users[0]
      if (!user) throw new Error('the training sandbox has no demo user')
      return { url: sandbox.url, email: user.email, token: user.token }
    },

    async reset(): Promise<void> {
      if (running) {
        await (await running).reset()
        return
      }
      // Not running: reset the store file without serving it.
      await mkdir(dataDir, { recursive: true })
      const store = SandboxStore.open(join(dataDir, storeFileName), { scale: 'small' })
      try {
        store.reset()
      } finally {
        store.close()
      }
    },

    async dropLine(): Promise<void> {
      lineDown = true
      // Closed rather than made to refuse: a closed port is what the app meets when the line is gone
      // (connection refused, the request surely never left), and what is in flight finishes first.
      await stopServing()
    },

    lineIsDown: () => lineDown,

    async stop(): Promise<void> {
      lineDown = false
      await stopServing()
    },
  }

  async function stopServing(): Promise<void> {
    const current = running
    running = undefined
    if (!current) return
    const sandbox = await current.catch(() => undefined)
    await sandbox?.close()
  }
}
