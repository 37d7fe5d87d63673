import { fork } from 'node:child_process'
import { join } from 'node:path'
import { processorMsOf } from './benchSandbox'

/** What a replaying service did since its mode last changed. */
export interface ReplayCount {
  /** Requests answered from what it kept, the sandbox not asked. */
  replayed: number
  /** Requests it forwarded to the sandbox. */
  asked: number
}

export interface ReplayingService {
  url: string
  /** From now on, answers a request it has seen from what it kept (true), or asks the sandbox (false). */
  replay(on: boolean): Promise<ReplayCount>
  /** The processor time its process has used so far, ms. */
  processorMs(): number
  stop(): void
}

/**
 * The sandbox as if on another computer, in a process of its own (replayingServiceProcess.mjs): it forwards and keeps
 * every answer and, once told to, replays the kept ones without the sandbox's processor time.
 */
export async function startReplayingService(target: string): Promise<ReplayingService> {
  const child = fork(join(__dirname, 'replayingServiceProcess.mjs'), [target], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`replaying service exited ${code}`))
      child.once('exit', exited)
      child.once('message', (m) => {
        child.off('exit', exited)
        resolve(m)
      })
    })
  const { url } = (await next()) as { url: string }
  return {
    url,
    replay: async (on) => {
      const answer = next()
      child.send({ replay: on })
      return (await answer) as ReplayCount
    },
    processorMs: () => processorMsOf(child.pid!),
    stop: () => child.kill('SIGTERM'),
  }
}
