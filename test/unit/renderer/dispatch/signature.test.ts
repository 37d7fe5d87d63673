import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, type EffectScope } from 'vue'
import { useSignature, type SignaturePadLike } from '@renderer/areas/dispatch/composables/useSignature'
import { signedImage, type DrawingCanvas } from '@renderer/areas/dispatch/signedImage'

// The receiver's signature without a browser: the pad is a stand-in (the real signature_pad is driven in
// test/e2e/deliverySignature.test.ts, where the image is decoded and looked at), and the canvas records
// what is drawn on it (Node draws no canvas).

interface Drawn {
  op: string
  args: unknown[]
  font?: string
}

/** A canvas that keeps every drawing call, in order, with the font set at the time of a text. */
function recordingCanvas(width: number, height: number): DrawingCanvas & { drawn: Drawn[] } {
  const drawn: Drawn[] = []
  const context = {
    fillStyle: '',
    strokeStyle: '',
    font: '',
    lineWidth: 1,
    fillRect: (...args: unknown[]) => void drawn.push({ op: 'fillRect', args }),
    drawImage: (...args: unknown[]) => void drawn.push({ op: 'drawImage', args }),
    fillText: (...args: unknown[]) => void drawn.push({ op: 'fillText', args, font: context.font }),
    beginPath: () => void drawn.push({ op: 'beginPath', args: [] }),
    moveTo: (...args: unknown[]) => void drawn.push({ op: 'moveTo', args }),
    lineTo: (...args: unknown[]) => void drawn.push({ op: 'lineTo', args }),
    stroke: () => void drawn.push({ op: 'stroke', args: [] }),
  }
  return {
    width,
    height,
    drawn,
    getContext: () => context as unknown as ReturnType<DrawingCanvas['getContext']>,
    toDataURL: (type: string) => `data:${type};base64,U0lHTkVE`,
  }
}

const padCanvas = { width: 1200, height: 600 } as unknown as SignaturePadLike['canvas']

function fakePad(empty: boolean): SignaturePadLike & { cleared: number } {
  return {
    cleared: 0,
    canvas: padCanvas,
    isEmpty: () => empty,
    clear() {
      this.cleared += 1
    },
  }
}

let scope: EffectScope | null = null
afterEach(() => {
  scope?.stop()
  scope = null
})

function signature() {
  scope = effectScope()
  let canvas: ReturnType<typeof recordingCanvas> | null = null
  const send = vi.fn(async (receiver: string, base64: string) => ({ receiver, base64 }))
  const s = scope.run(() =>
    useSignature({
      send,
      caption: () => 'Recibido el 29/11/2026 10:31',
      render: (drawing, words) => signedImage(drawing, words, (w, h) => (canvas = recordingCanvas(w, h))),
    }),
  )!
  return { s, send, drawnOn: () => canvas }
}

describe('the receiver’s signature', () => {
  it('is refused without the receiver’s name, and nothing is drawn or sent', async () => {
    const { s, send, drawnOn } = signature()
    s.setPad(fakePad(false))
    s.receiver.value = '   '
    expect(await s.sign()).toBeUndefined()
    expect(s.error.value).toMatchObject({ code: 'signature_name_missing', field: 'receiver' })
    expect(send).not.toHaveBeenCalled()
    expect(drawnOn()).toBeNull()
  })

  it('is refused on an empty pad, and the refusal goes with the first stroke', async () => {
    const { s, send } = signature()
    const pad = fakePad(true)
    s.setPad(pad)
    s.receiver.value = 'Rosa Pérez'
    expect(s.drawn.value).toBe(false)
    expect(await s.sign()).toBeUndefined()
    expect(s.error.value).toMatchObject({ code: 'signature_empty' })
    expect(send).not.toHaveBeenCalled()
    s.stroked()
    expect(s.drawn.value).toBe(true)
    expect(s.error.value).toBeNull()
  })

  it('sends an image taller than the pad, with the name and the time written beneath the drawing', async () => {
    const { s, send, drawnOn } = signature()
    s.setPad(fakePad(false))
    s.receiver.value = '  Rosa Pérez '
    expect(await s.sign()).toEqual({ receiver: 'Rosa Pérez', base64: 'U0lHTkVE' })
    expect(send).toHaveBeenCalledWith('Rosa Pérez', 'U0lHTkVE')

    const canvas = drawnOn()!
    expect(canvas.width).toBe(1200)
    expect(canvas.height).toBeGreaterThan(600)
    // White first (no transparent proof), then the drawing at the top, then the words under it.
    expect(canvas.drawn[0]).toMatchObject({ op: 'fillRect', args: [0, 0, 1200, canvas.height] })
    expect(canvas.drawn.find((d) => d.op === 'drawImage')?.args).toEqual([padCanvas, 0, 0])
    const texts = canvas.drawn.filter((d) => d.op === 'fillText')
    expect(texts.map((d) => d.args[0])).toEqual(['Rosa Pérez', 'Recibido el 29/11/2026 10:31'])
    for (const text of texts) {
      const y = text.args[2] as number
      expect(y).toBeGreaterThan(600)
      expect(y).toBeLessThanOrEqual(canvas.height)
      // Kept inside the image, whatever the name's length.
      expect(text.args[3]).toBeLessThan(1200)
    }
    // The name is the larger of the two lines, scaled to the drawing (readable at any screen density).
    const size = (d: Drawn) => Number(/(\d+)px/.exec(d.font ?? '')?.[1])
    expect(size(texts[0]!)).toBeGreaterThan(size(texts[1]!))
    expect(size(texts[0]!)).toBeGreaterThanOrEqual(40)
  })

  it('clears the pad and its refusal, and starts again empty for the next receiver', async () => {
    const { s } = signature()
    const pad = fakePad(true)
    s.setPad(pad)
    s.receiver.value = 'Luis'
    await s.sign()
    s.clear()
    expect(pad.cleared).toBe(1)
    expect(s.error.value).toBeNull()
    expect(s.drawn.value).toBe(false)
    s.reset()
    expect(s.receiver.value).toBe('')
    expect(pad.cleared).toBe(2)
  })
})
