import { requestNames } from '@shared/contract'
import { ipcEventChannel, ipcRequestChannel, type Envelope } from '@shared/contract/transport'
import { dispatch } from '@shared/dispatch'
import { AppError } from '@shared/errors'
import type { Core } from '@core/createCore'
import type { SenderCheck, SenderEvent } from './senderCheck'

/** The part of ipcMain the router uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => Promise<Envelope>): void
  removeHandler(channel: string): void
}

export interface EventTarget {
  isDestroyed(): boolean
  readonly webContents: { send(channel: string, ...args: unknown[]): void; isDestroyed?(): boolean }
}

function failure(err: AppError): Envelope {
  return { ok: false, error: err.toPayload() }
}

/**
 * One handler per request of the contract. Each answers with an envelope and
 * never throws: an untrusted sender gets `forbidden` before the core is reached,
 * anything else goes through `dispatch`, which validates the payload.
 * Returns the function that removes the handlers again.
 */
export function registerIpcRouter(ipcMain: IpcMainLike, core: Pick<Core, 'handlers'>, isTrustedSender: SenderCheck): () => void {
  const channels = requestNames.map((name) => {
    const channel = ipcRequestChannel(name)
    ipcMain.handle(channel, async (event: SenderEvent, payload: unknown): Promise<Envelope> => {
      try {
        if (!isTrustedSender(event)) {
          return failure(new AppError('forbidden', { detail: `request ${name} from an untrusted frame` }))
        }
        return await dispatch(core.handlers, name, payload)
      } catch (err) {
        return failure(AppError.from(err))
      }
    })
    return channel
  })
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel)
  }
}

/**
 * Sends every core event to every window the caller lists (only our own, and
 * only while they show the app). A window closing mid-send is skipped rather
 * than breaking delivery to the others. Returns the unsubscribe function.
 */
export function forwardEvents(core: Pick<Core, 'events'>, getWindows: () => readonly EventTarget[]): () => void {
  return core.events.onAny((name, payload) => {
    const channel = ipcEventChannel(name)
    for (const window of getWindows()) {
      try {
        if (window.isDestroyed() || window.webContents.isDestroyed?.()) continue
        window.webContents.send(channel, payload)
      } catch {
        // The window went away between the check and the send.
      }
    }
  })
}
