import { AppError } from '@shared/errors'

/** A picture as it is attached: re-encoded here, so the proof travels small and without the photo's metadata. */
export interface ReducedPicture {
  blob: Blob
  base64: string
  width: number
  height: number
}

/** A delivery photo needs to show a parcel and a face, not a poster: this keeps it readable and light on a slow line. */
export const pictureLongestSide = 1600
export const pictureMaxBytes = 1024 * 1024
const qualities = [0.82, 0.72, 0.62, 0.52, 0.42]

/**
 * Decodes a picked file or a camera frame, scales it so its longest side is at most 1600 px and encodes it
 * again as JPEG (lowering the quality, then the size, until it weighs at most 1 MB). A canvas writes no
 * metadata, so the EXIF block of a phone's photo (its location among it) is left behind. What cannot be
 * decoded is refused with `not_a_picture`, and nothing is attached.
 */
export async function reducePicture(source: ImageBitmapSource): Promise<ReducedPicture> {
  const bitmap = await createImageBitmap(source).catch((err: unknown) => {
    throw new AppError('not_a_picture', { cause: err })
  })
  try {
    if (bitmap.width === 0 || bitmap.height === 0) throw new AppError('not_a_picture')
    let scale = Math.min(1, pictureLongestSide / Math.max(bitmap.width, bitmap.height))
    for (;;) {
      const width = Math.max(1, Math.round(bitmap.width * scale))
      const height = Math.max(1, Math.round(bitmap.height * scale))
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (!context) throw new AppError('not_a_picture', { detail: 'no 2D canvas to draw the picture on' })
      context.drawImage(bitmap, 0, 0, width, height)
      for (const quality of qualities) {
        const blob = await jpegOf(canvas, quality)
        if (blob.size <= pictureMaxBytes) return { blob, base64: await base64Of(blob), width, height }
      }
      scale *= 0.75
    }
  } finally {
    bitmap.close()
  }
}

function jpegOf(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new AppError('not_a_picture', { detail: 'the picture could not be encoded' }))),
      'image/jpeg',
      quality,
    ),
  )
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let text = ''
  // In slices: String.fromCharCode takes its characters as arguments, and a megabyte of them overflows the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(text)
}
