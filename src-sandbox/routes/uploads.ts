import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { findCompany } from '../model/companies'
import { findStoredImage, slotOfKey } from '../model/bundleImages'
import { findStepImage, stepOfKey } from '../model/bookingImages'
import { companyLogoSvg } from '../model/companyLogo'
import { positiveId } from './entityScope'

/**
 * Uploaded files, public like a Rails app's /uploads (an <img> sends no user
 * headers): the company logos the seed names, in every version the upload
 * object lists (`thumb_`, `standard_`, `header_` before the file name).
 */
export function uploadRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/uploads/entity/:kind/:id/:file', async (request, reply) => {
    const { kind, id, file } = request.params as { kind: string; id: string; file: string }
    const entityId = positiveId(id)
    const company = entityId === undefined ? undefined : findCompany(ctx.store.db, entityId)
    const column = kind === 'logo' ? 'logo_url' : kind === 'report_logo' ? 'report_logo_url' : null
    const stored = company && column ? company[column] : null
    const base = stored?.split('/').pop()
    const version = base ? new RegExp(`^(?:thumb_|standard_|header_)?${base.replace(/[.]/g, '\\.')}$`) : null
    if (!company || !stored || !version?.test(file)) return sendError(reply, 404, `No such file: ${request.url}`)
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(companyLogoSvg(company, kind as 'logo' | 'report_logo'))
  })

  // Bundle images as uploaded; the `thumbnail_fill_` version is the same bytes (the sandbox resizes nothing).
  // A replaced image keeps its name when the new file has the same one, so nothing is cached.
  app.get('/uploads/bundle/:key/:id/:file', async (request, reply) => {
    const { key, id, file } = request.params as { key: string; id: string; file: string }
    const bundleId = positiveId(id)
    const slot = slotOfKey(key)
    const stored = bundleId === undefined || slot === undefined ? undefined : findStoredImage(ctx.store.db, bundleId, slot, file)
    if (!stored) return sendError(reply, 404, `No such file: ${request.url}`)
    return reply.type(stored.content_type).header('cache-control', 'no-store').send(stored.bytes)
  })

  // A booking's step pictures as uploaded.
  app.get('/uploads/shipment/:key/:id/:file', async (request, reply) => {
    const { key, id, file } = request.params as { key: string; id: string; file: string }
    const shipmentId = positiveId(id)
    const step = stepOfKey(key)
    const stored = shipmentId === undefined || step === undefined ? undefined : findStepImage(ctx.store.db, shipmentId, step, file)
    if (!stored) return sendError(reply, 404, `No such file: ${request.url}`)
    return reply.type(stored.content_type).header('cache-control', 'no-store').send(stored.bytes)
  })
}
