import type { FastifyInstance } from 'fastify'

/** A file part of a multipart body, as a Rails controller sees an ActionDispatch::Http::UploadedFile. */
export interface UploadedFile {
  kind: 'file'
  filename: string
  contentType: string
  bytes: Buffer
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'file' &&
    Buffer.isBuffer((value as UploadedFile).bytes)
  )
}

/** Room for five images of the largest size the bundle accepts, and the form's other fields. */
export const multipartBodyLimit = 32 * 1024 * 1024

/**
 * `bundle[bundle_details_attributes][0][item_id]` → path ['bundle', 'bundle_details_attributes', '0', 'item_id'],
 * as Rack reads nested parameter names. A name that does not parse stays one key.
 */
function keyPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name)
  if (!match) return [name]
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')
  return [match[1] as string, ...rest]
}

/** Nests the parts into the object a JSON body of the same request would give (`[]` keys are not used by the service's forms). */
export function nestParts(parts: Iterable<[string, string | UploadedFile]>): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [name, value] of parts) {
    const path = keyPath(name)
    let node = root
    for (const key of path.slice(0, -1)) {
      const next = node[key]
      if (typeof next !== 'object' || next === null || isUploadedFile(next)) node[key] = {}
      node = node[key] as Record<string, unknown>
    }
    node[path[path.length - 1] as string] = value
  }
  return root
}

/**
 * multipart/form-data, the way the service's own SDK sends files (a FormData
 * with Rails-style nested names: zauru-forms.ts `convertToFormData`). Parsing
 * is Node's own (undici's `Response.formData()`), so no hand-written
 * boundary scanning; text parts stay strings, as Rails gives them.
 */
export function installMultipartBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: multipartBodyLimit }, (request, body, done) => {
    const contentType = String(request.headers['content-type'] ?? '')
    new Response(new Uint8Array(body as Buffer), { headers: { 'content-type': contentType } })
      .formData()
      .then(async (form) => {
        const parts: [string, string | UploadedFile][] = []
        for (const [name, value] of form) {
          if (typeof value === 'string') parts.push([name, value])
          else
            parts.push([
              name,
              { kind: 'file', filename: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) },
            ])
        }
        done(null, nestParts(parts))
      })
      .catch((err: unknown) => {
        const error = new Error(`malformed multipart body: ${(err as Error).message}`) as Error & { statusCode: number }
        error.statusCode = 400
        done(error, undefined)
      })
  })
}
