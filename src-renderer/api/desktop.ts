import type { CameraDoor } from '@shared/desktop'

/**
 * The camera's gate in the desktop app (src-shared/desktop.ts). In the browser host there is none: the browser
 * asks the clerk itself, so the door opens on nothing and the camera is asked for as usual.
 */
export const cameraDoor: CameraDoor = window.mostradorDesktop?.camera ?? {
  open: () => Promise.resolve(true),
  close: () => Promise.resolve(),
}
