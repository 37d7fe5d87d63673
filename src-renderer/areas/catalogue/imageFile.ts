import { imageFileProblem, type ImageFile, type ImageProblem } from '@shared/bundleImages'

export type ImageFileResult = { ok: true; file: ImageFile } | { ok: false; problem: ImageProblem | 'unreadable' }

/**
 * A picked or dropped file as the contract carries it. The size is checked
 * before the file is read, and the type by its first bytes, so a 300 MB video
 * dropped by mistake is refused at once and a renamed text file too.
 */
export async function readImageFile(file: Blob & { name: string }): Promise<ImageFileResult> {
  try {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
    const problem = imageFileProblem(file.size, head)
    if (problem) return { ok: false, problem }
    return { ok: true, file: { name: file.name, type: file.type, base64: await base64Of(file) } }
  } catch {
    return { ok: false, problem: 'unreadable' }
  }
}

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
    reader.readAsDataURL(file)
  })
}
