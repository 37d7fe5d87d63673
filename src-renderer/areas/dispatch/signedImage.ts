/** What is written beneath a signature: who signed, and when (already in the clerk's words and format). */
export interface SignedWords {
  receiver: string
  /** E.g. "Recibido por · 29/11/2026 10:31". */
  caption: string
}

/** The least a canvas must do here: a test gives one that records what is drawn. */
export interface DrawingCanvas {
  width: number
  height: number
  getContext(
    kind: '2d',
  ): Pick<
    CanvasRenderingContext2D,
    | 'fillStyle'
    | 'strokeStyle'
    | 'font'
    | 'lineWidth'
    | 'fillRect'
    | 'drawImage'
    | 'fillText'
    | 'beginPath'
    | 'moveTo'
    | 'lineTo'
    | 'stroke'
  > | null
  toDataURL(type: string): string
}

/** The band under the drawing, as a share of the drawing's width: room for the name and the time. */
const bandShare = 0.2

/**
 * The proof a receiver leaves: their signature as drawn, on white, with a rule and their name and the time
 * written beneath it, as one PNG (base64), so whoever looks at the delivery's image later reads who signed
 * and when without this computer. The text is scaled to the drawing, so it reads the same at any screen density.
 */
export function signedImage(
  drawing: CanvasImageSource & { width: number; height: number },
  words: SignedWords,
  make: (width: number, height: number) => DrawingCanvas = htmlCanvas,
): { base64: string; width: number; height: number } {
  const width = drawing.width
  const band = Math.round(width * bandShare)
  const height = drawing.height + band
  const canvas = make(width, height)
  const g = canvas.getContext('2d')
  if (!g) throw new Error('no 2D canvas to draw the signature on')
  const unit = width / 100
  g.fillStyle = '#ffffff'
  g.fillRect(0, 0, width, height)
  g.drawImage(drawing, 0, 0)
  g.strokeStyle = '#555555'
  g.lineWidth = Math.max(1, unit / 4)
  g.beginPath()
  g.moveTo(unit * 3, drawing.height)
  g.lineTo(width - unit * 3, drawing.height)
  g.stroke()
  g.fillStyle = '#000000'
  g.font = `bold ${Math.round(unit * 5)}px sans-serif`
  g.fillText(words.receiver, unit * 3, drawing.height + band * 0.45, width - unit * 6)
  g.font = `${Math.round(unit * 3.4)}px sans-serif`
  g.fillText(words.caption, unit * 3, drawing.height + band * 0.82, width - unit * 6)
  return { base64: canvas.toDataURL('image/png').replace(/^data:[^,]*,/, ''), width, height }
}

function htmlCanvas(width: number, height: number): DrawingCanvas {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  return canvas
}
