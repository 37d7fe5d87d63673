import { ref } from 'vue'
import { AppError } from '@shared/errors'
import { useSubmit } from '@renderer/stores/useSubmit'
import { signedImage } from '../signedImage'

/** The pad the receiver draws on, as this needs it (signature_pad's, in the dialog). */
export interface SignaturePadLike {
  isEmpty(): boolean
  clear(): void
  canvas: CanvasImageSource & { width: number; height: number }
}

export interface SignatureDeps<T> {
  /** Keeps the signature: the receiver's name and the signed image (base64 PNG). */
  send: (receiver: string, base64: string) => Promise<T>
  /** The line written under the name: the time of signing, in the clerk's words. */
  caption: () => string
  render?: typeof signedImage
}

/**
 * The signature dialog without its drawing: the receiver's name, the pad, and the signing. A name is
 * required and an empty pad is refused before anything is drawn or sent; the image sent is the drawing
 * with the name and the time written beneath it (signedImage.ts). What was typed and drawn stays on a
 * failure, so the clerk corrects it and signs again.
 */
export function useSignature<T>(deps: SignatureDeps<T>) {
  const render = deps.render ?? signedImage
  const receiver = ref('')
  /** Something is drawn on the pad (kept by the pad's strokes). */
  const drawn = ref(false)
  let pad: SignaturePadLike | null = null

  const signing = useSubmit(async () => {
    const name = receiver.value.trim()
    if (!name) throw new AppError('signature_name_missing', { field: 'receiver' })
    if (!pad || pad.isEmpty()) throw new AppError('signature_empty', { field: 'signature' })
    const image = render(pad.canvas, { receiver: name, caption: deps.caption() })
    return deps.send(name, image.base64)
  })

  /** The pad is on screen (null: gone with its dialog). */
  function setPad(next: SignaturePadLike | null): void {
    pad = next
    drawn.value = next !== null && !next.isEmpty()
  }

  /** A stroke ended on the pad: the refusal of an empty one no longer holds. */
  function stroked(): void {
    drawn.value = true
    if (signing.error.value?.code === 'signature_empty') signing.reset()
  }

  function clear(): void {
    pad?.clear()
    drawn.value = false
    signing.reset()
  }

  /** A fresh start for the next receiver. */
  function reset(): void {
    receiver.value = ''
    clear()
  }

  return {
    receiver,
    drawn,
    busy: signing.busy,
    error: signing.error,
    setPad,
    stroked,
    clear,
    reset,
    sign: () => signing.run(),
  }
}
