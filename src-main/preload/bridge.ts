import { isEventName, isRequestName } from '@shared/contract'
import { ipcEventChannel, ipcRequestChannel, type Bridge, type Envelope } from '@shared/contract/transport'
import { AppError } from '@shared/errors'

/** The part of ipcRenderer the bridge uses; kept structural so the bridge never holds more. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

function errorEnvelope(err: AppError): Envelope {
  return { ok: false, error: err.toPayload() }
}

/**
 * Builds the object the page sees as `window.mostrador`. Names are checked here
 * as well as in the main process so a page can never reach a channel outside the
 * contract, and the IpcRendererEvent (which carries `sender`) never reaches it.
 */
export function createBridge(ipc: IpcRendererLike): Bridge {
  return {
    async invoke(name, payload) {
      if (!isRequestName(name)) {
        return errorEnvelope(new AppError('bad_input', { detail: `unknown request ${String(name).slice(0, 80)}` }))
      }
      try {
        return (await ipc.invoke(ipcRequestChannel(name), payload)) as Envelope
      } catch (err) {
        // The payload could not be cloned, or the main process has no handler yet:
        // the page gets an envelope like any other failure instead of a rejection.
        return errorEnvelope(AppError.from(err))
      }
    },
    on(name, listener) {
      if (!isEventName(name)) throw new TypeError(`unknown event ${String(name).slice(0, 80)}`)
      if (typeof listener !== 'function') throw new TypeError('listener must be a function')
      const channel = ipcEventChannel(name)
      const forward = (_event: unknown, payload: unknown) => listener(payload)
      ipc.on(channel, forward)
      return () => {
        ipc.removeListener(channel, forward)
      }
    },
  }
}
