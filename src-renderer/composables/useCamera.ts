import { ref, shallowRef } from 'vue'
import type { CameraDoor } from '@shared/desktop'
import { cameraDoor } from '../api/desktop'

/**
 * off: not asked (the dialog is closed); starting: asked, waiting for the device or the clerk's permission;
 * live: showing; none: this computer has no camera (or it is busy elsewhere); denied: the permission was refused.
 */
export type CameraState = 'off' | 'starting' | 'live' | 'none' | 'denied'

/** The browser's devices; absent where the page has none (an insecure page, an old browser). */
export type MediaSource = Pick<MediaDevices, 'getUserMedia'> | undefined

/**
 * The camera's stream, video only, asked for on start and stopped on stop (its light goes off). In the desktop
 * app the camera's gate is opened just before it is asked for and closed as it stops, so the permission is
 * granted only meanwhile (`door`: src-shared/desktop.ts; nothing in the browser host). A camera that answers
 * after it was stopped (the dialog closed while the permission was being asked) is stopped at once.
 */
export function useCamera(media: MediaSource, door: CameraDoor = cameraDoor) {
  const state = ref<CameraState>('off')
  const stream = shallowRef<MediaStream | null>(null)
  let session = 0
  let doorOpen = false

  async function start(): Promise<void> {
    stop()
    const mine = session
    if (!media?.getUserMedia) return void (state.value = 'none')
    state.value = 'starting'
    doorOpen = true
    // A gate that did not open leaves the camera denied by the permission handler: the clerk is told so below.
    await door.open()
    if (mine !== session) return
    try {
      const got = await media.getUserMedia({ video: true, audio: false })
      if (mine !== session) return void got.getTracks().forEach((track) => track.stop())
      stream.value = got
      state.value = 'live'
    } catch (err) {
      if (mine !== session) return
      const name = err instanceof Error || err instanceof DOMException ? err.name : ''
      state.value = name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'none'
    }
  }

  function stop(): void {
    session += 1
    for (const track of stream.value?.getTracks() ?? []) track.stop()
    stream.value = null
    state.value = 'off'
    if (doorOpen) {
      doorOpen = false
      void door.close()
    }
  }

  return { state, stream, start, stop }
}
