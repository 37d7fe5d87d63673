import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, extname } from 'node:path'
import type { Command } from 'commander'
import { imageFileProblem, imageProblemText, maxImageBytes, sniffImageType, type ImageFile, type ImageSlot } from '@shared/bundleImages'
import type { BundleDetail, BundleInput, CatalogueRow, CatalogueStatus } from '@shared/catalogue'
import { bundleFromService, fetchBundles } from '@core/api/bundlesApi'
import { isValidQuantity } from '@shared/patterns'
import { importProblemLine } from '@shared/importProblemText'
import { AppError, errorMessages } from '@shared/errors'
import { UsageError } from '../output'
import { pullProgressLine } from '../pullProgressLine'
import { collect, positiveInt } from './arguments'
import type { Run } from './runType'

/** `A:QTY` pairs (item id or component id, and a quantity). */
function pairs(values: string[] | undefined, what: string): { id: number; quantity: string }[] {
  return (values ?? []).map((v) => {
    const [id = '', quantity = ''] = v.split(':')
    if (!isValidQuantity(quantity)) throw new UsageError(`${what} must look like ID:QUANTITY, got ${v}`)
    return { id: positiveInt(id, what), quantity }
  })
}

const rowLine = (r: CatalogueRow) =>
  `${String(r.id).padStart(9)}  ${r.code.padEnd(16)} ${r.name.slice(0, 40).padEnd(40)} ${(r.ean13 ?? '').padEnd(13)}  ${
    r.categoryBundle ? 'dinámico' : `disp. ${r.available ?? '-'}`
  }${r.active ? '' : '  (inactivo)'}`

function describeBundle(b: BundleDetail): string {
  return [
    `${b.code}  ${b.name}  (id ${b.id}${b.active ? '' : ', inactive'}, from ${b.source})`,
    b.ean13 ? `EAN-13 ${b.ean13}` : null,
    b.description,
    b.tags.length ? `tags: ${b.tags.join(', ')}` : null,
    b.categoryBundle ? `dynamic bundle of category ${b.itemCategoryId}` : `available at your agency: ${b.available ?? '-'}`,
    ...b.components.map((c) => `  [${c.id}] ${c.quantity} × ${c.itemCode ?? c.itemId} ${c.itemName ?? ''} (stock ${c.available ?? '-'})`),
  ]
    .filter(Boolean)
    .join('\n')
}

/** What the last pull could not read from this server, one line each (the catalogue screen says the same). */
export function limitNotes(status: CatalogueStatus): string[] {
  const c = status.capabilities
  if (!c) return []
  return [
    c.tags ? null : 'Tags are not available on this server: there is no tag filter.',
    c.itemBarcodes
      ? null
      : "Items' own barcodes are not available on this server: a scanned item is found by its code (bundle barcodes work).",
    c.bundleColumns ? null : "The service's bundle list could not be read: bundle barcodes and details are unknown until the next sync.",
  ].filter((line): line is string => line !== null)
}

/** sync and bundles …: the offline catalogue and the back-office edits of bundles. */
export function registerCatalogueCommands(program: Command, run: Run): void {
  registerSync(program, run)
  const bundles = program.command('bundles').description('bundles (products sold together)')
  registerBundleList(bundles, run)
  registerBundleShow(bundles, run)
  registerBundleCreate(bundles, run)
  registerBundleUpdate(bundles, run)
  registerBundleDelete(bundles, run)
  registerDynamicItems(bundles, run)
  registerBundleImport(bundles, run)
  registerBundleExport(bundles, run)
}

function registerSync(program: Command, run: Run): void {
  program
    .command('sync')
    .description('send the outbox, then pull what changed in the catalogue (bundles, items, stock) into the local cache')
    .option('--full', 'read the whole catalogue again (done by itself once a day)')
    .action(
      run(async (ctx, opts: { full?: boolean }) => {
        const core = await ctx.core({ signedIn: true })
        try {
          const pushed = await ctx.call('sync.push')
          ctx.out.info(`outbox: ${pushed.sent} sent, ${pushed.waiting} waiting, ${pushed.failed} failed, ${pushed.conflicts} in conflict`)
        } catch (err) {
          // Another process is sending this outbox: nothing failed and nothing is lost, so the catalogue
          // is still pulled and the exit code stays 0, as for entries left waiting.
          if (!(err instanceof AppError && err.code === 'another_pusher')) throw err
          ctx.out.info(`outbox: ${errorMessages.another_pusher.en}`)
        }
        const stop = core.events.on('catalogue.progress', (p) => {
          const line = pullProgressLine(p)
          if (line) ctx.out.info(line)
        })
        try {
          const status = await ctx.call('catalogue.pull', { full: opts.full === true })
          ctx.out.result(status, () =>
            [
              `Catalogue as of ${status.pulledAt}: ${status.counts.bundles} bundles, ${status.counts.items} items.`,
              ...limitNotes(status),
            ].join('\n'),
          )
        } finally {
          stop()
        }
      }),
    )
}

function registerBundleList(bundles: Command, run: Run): void {
  bundles
    .command('list')
    .description('list bundles from the local catalogue (or the service with --online)')
    .option('--search <q>', 'code, barcode, words of the name or tags')
    .option('--tag <tag>')
    .option('--active <which>', 'all, active or inactive', 'all')
    .option('--limit <n>', 'how many', '50')
    .option('--online', "read the service's list instead of the cache")
    .action(
      run(async (ctx, opts: { search?: string; tag?: string; active: string; limit: string; online?: boolean }) => {
        if (!['all', 'active', 'inactive'].includes(opts.active)) throw new UsageError('--active is all, active or inactive')
        const core = await ctx.core({ signedIn: true })
        if (opts.online) {
          const list = (await fetchBundles(core.services.session.require().rest, opts.tag)).map(bundleFromService)
          ctx.out.result(list, () => list.map((b) => `${String(b.id).padStart(9)}  ${b.code.padEnd(16)} ${b.name}`).join('\n'))
          return
        }
        const result = await ctx.call('catalogue.search', {
          query: opts.search ?? '',
          tag: opts.tag ?? null,
          active: opts.active as 'all',
          limit: Math.min(positiveInt(opts.limit, '--limit'), 500),
        })
        const status = opts.tag ? await ctx.call('catalogue.status') : null
        const noTags = status?.capabilities?.tags === false ? ['Tags are not available on this server: no bundle has a tag here.'] : []
        ctx.out.result(result, () => [...result.rows.map(rowLine), `${result.rows.length} of ${result.total}`, ...noTags].join('\n'))
      }),
    )
}

function registerBundleShow(bundles: Command, run: Run): void {
  bundles
    .command('show <id>')
    .option('--online', "read the service's latest")
    .action(
      run(async (ctx, id: string, opts: { online?: boolean }) => {
        await ctx.core({ signedIn: true })
        const b = await ctx.call('bundles.get', { id: positiveInt(id, 'ID'), online: !!opts.online })
        ctx.out.result(b, () => describeBundle(b))
      }),
    )
}

function registerBundleCreate(bundles: Command, run: Run): void {
  bundles
    .command('create')
    .requiredOption('--code <code>')
    .requiredOption('--name <name>')
    .option('--description <text>')
    .option('--ean13 <barcode>')
    .option('--component <ITEM_ID:QTY>', 'a component (repeat)', collect)
    .option('--category <id>', 'make it a dynamic bundle of this item category')
    .action(
      run(
        async (
          ctx,
          opts: { code: string; name: string; description?: string; ean13?: string; component?: string[]; category?: string },
        ) => {
          const input: BundleInput = { code: opts.code, name: opts.name, description: opts.description, ean13: opts.ean13 }
          if (opts.category) {
            input.categoryBundle = true
            input.itemCategoryId = positiveInt(opts.category, '--category')
          }
          const components = pairs(opts.component, '--component')
          if (components.length) input.components = components.map((c) => ({ itemId: c.id, quantity: c.quantity }))
          await ctx.core({ signedIn: true })
          const b = await ctx.call('bundles.create', input)
          ctx.out.result(b, () => `Created bundle ${b.id}.\n${describeBundle(b)}`)
        },
      ),
    )
}

function registerBundleUpdate(bundles: Command, run: Run): void {
  bundles
    .command('update <id>')
    .option('--name <name>')
    .option('--description <text>')
    .option('--code <code>')
    .option('--component <DETAIL_ID:QTY>', "change a component's quantity (repeat)", collect)
    .option('--image <file>', 'set or replace an image (PNG, JPEG, GIF or WebP, at most 5 MB)')
    .option('--image-slot <n>', 'which of the five images --image sets (1 = the main one)', '1')
    .option('--remove-image <n>', 'remove image N (1 to 5)')
    .action(
      run(
        async (
          ctx,
          id: string,
          opts: {
            name?: string
            description?: string
            code?: string
            component?: string[]
            image?: string
            imageSlot: string
            removeImage?: string
          },
        ) => {
          const changes: Partial<BundleInput> = {}
          if (opts.name !== undefined) changes.name = opts.name
          if (opts.code !== undefined) changes.code = opts.code
          if (opts.description !== undefined) changes.description = opts.description
          const components = pairs(opts.component, '--component')
          if (components.length) changes.components = components.map((c) => ({ id: c.id, quantity: c.quantity }))
          const slot = imageSlotOption(opts.imageSlot, '--image-slot')
          const removeSlot = opts.removeImage === undefined ? undefined : imageSlotOption(opts.removeImage, '--remove-image')
          if (opts.image !== undefined && removeSlot === slot)
            throw new UsageError(`--image and --remove-image both name image ${slot}: give one`)
          // The file is read and checked before anything is sent: a wrong file changes nothing.
          const image = opts.image === undefined ? undefined : readImageFile(opts.image)
          if (!Object.keys(changes).length && !image && removeSlot === undefined) {
            throw new UsageError('nothing to change: give --name, --code, --description, --component, --image or --remove-image')
          }
          await ctx.core({ signedIn: true })
          const bundleId = positiveInt(id, 'ID')
          const lines: string[] = []
          let result: unknown = null
          if (Object.keys(changes).length) {
            const b = await ctx.call('bundles.update', { id: bundleId, changes })
            lines.push(`Updated.\n${describeBundle(b)}`)
            result = b
          }
          if (image) {
            const media = await ctx.call('bundles.setImage', { bundleId, slot, file: image })
            lines.push(`Image ${slot} set: ${media.images[slot - 1]?.url ?? '(the service gave no address)'}`)
            result = media
          }
          if (removeSlot !== undefined) {
            const media = await ctx.call('bundles.removeImage', { bundleId, slot: removeSlot })
            lines.push(`Image ${removeSlot} removed.`)
            result = media
          }
          ctx.out.result(result, () => lines.join('\n'))
        },
      ),
    )
}

function registerBundleDelete(bundles: Command, run: Run): void {
  bundles.command('delete <id>').action(
    run(async (ctx, id: string) => {
      await ctx.core({ signedIn: true })
      const res = await ctx.call('bundles.delete', { id: positiveInt(id, 'ID') })
      ctx.out.result(res, () => `Deleted bundle ${id}.`)
    }),
  )
}

function registerDynamicItems(bundles: Command, run: Run): void {
  bundles
    .command('dynamic-items')
    .description("a dynamic bundle's category items with stock at an agency")
    .requiredOption('--bundle <id>')
    .option('--agency <id>', 'default: your agency')
    .action(
      run(async (ctx, opts: { bundle: string; agency?: string }) => {
        await ctx.core({ signedIn: true })
        const items = await ctx.call('bundles.dynamicItems', {
          bundleId: positiveInt(opts.bundle, '--bundle'),
          agencyId: opts.agency ? positiveInt(opts.agency, '--agency') : undefined,
        })
        // What the service's answer left unsaid shows as "?", what else it said follows the line.
        const known = (value: string | number | null) => (value === null ? '?' : String(value))
        ctx.out.result(items, () =>
          items
            .map((i) => {
              const other = Object.entries(i.other).map(([key, value]) => `  ${key}: ${value}`)
              return `${known(i.itemId).padStart(9)}  ${known(i.code).padEnd(16)} ${known(i.name)}  (${known(i.available)})${other.join('')}`
            })
            .join('\n'),
        )
      }),
    )
}

function registerBundleImport(bundles: Command, run: Run): void {
  bundles
    .command('import <file>')
    .description('import bundles from a .csv or .xlsx file (checked first; all or nothing)')
    .action(
      run(async (ctx, file: string) => {
        const data = readFile(file)
        await ctx.core({ signedIn: true })
        const preview = await ctx.call('bundles.importPreview', data)
        for (const r of preview.rows.filter((r) => r.problems.length))
          ctx.out.info(`row ${r.row}: ${r.problems.map((p) => importProblemLine(p, 'en')).join('; ')}`)
        const res = await ctx.call('bundles.import', data)
        if (res.stopped) {
          const where = res.stopped.code ?? 'the new bundles'
          ctx.out.info(
            `Updated ${res.updated}; stopped at ${where}, ${res.stopped.notSent} not sent. Import the same file again to finish.`,
          )
          throw AppError.fromPayload(res.stopped.error)
        }
        ctx.out.result(res, () => `Created ${res.created} and updated ${res.updated} bundles.`)
      }),
    )
}

function registerBundleExport(bundles: Command, run: Run): void {
  bundles
    .command('export <file>')
    .description('export the catalogue (or a search) to .xlsx or .csv')
    .option('--search <q>')
    .option('--tag <tag>')
    .action(
      run(async (ctx, file: string, opts: { search?: string; tag?: string }) => {
        const format = extname(file).toLowerCase().slice(1)
        if (format !== 'xlsx' && format !== 'csv') throw new UsageError('the file must end in .xlsx or .csv')
        await ctx.core({ signedIn: true })
        const out = await ctx.call('catalogue.export', { format, query: opts.search ?? '', tag: opts.tag ?? null })
        writeFileSync(file, Buffer.from(out.base64, 'base64'))
        ctx.out.result({ file }, () => `Wrote ${file}.`)
      }),
    )
}

function imageSlotOption(value: string, what: string): ImageSlot {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 5) throw new UsageError(`${what} must be a number from 1 to 5: ${value}`)
  return n as ImageSlot
}

/** An image file for a bundle, refused in plain words when it is missing, too large or not an image. */
function readImageFile(path: string): ImageFile {
  let size: number
  try {
    const stat = statSync(path)
    if (!stat.isFile()) throw new UsageError(`${path} is not a file`)
    size = stat.size
  } catch (err) {
    if (err instanceof UsageError) throw err
    throw new UsageError(
      `cannot read ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (err as Error).message}`,
    )
  }
  if (size > maxImageBytes) throw new UsageError(`${path} is ${(size / 1024 / 1024).toFixed(1)} MB; a bundle image may be at most 5 MB`)
  const bytes = readFileSync(path)
  const problem = imageFileProblem(bytes.length, bytes.subarray(0, 16))
  if (problem) throw new UsageError(`${path}: ${imageProblemText[problem].en}`)
  return { name: basename(path), type: sniffImageType(bytes) ?? 'application/octet-stream', base64: bytes.toString('base64') }
}

function readFile(path: string) {
  try {
    return { fileName: basename(path), base64: readFileSync(path).toString('base64') }
  } catch (err) {
    throw new UsageError(`cannot read ${path}: ${(err as Error).message}`)
  }
}
