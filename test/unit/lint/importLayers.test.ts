import { beforeAll, describe, expect, it } from 'vitest'
import { fixture, lintAs, loadConfig, markedFailures, projectLint } from './lintAs'

// Issue 31, item 1: `npm run lint` fails on an import that runs up the core's or the renderer's layers, out of
// src-shared or from one renderer area into another, and on an import circle. Each fixture is linted with the project's config as the file it would be in the tree.
const eslint = projectLint()
beforeAll(...loadConfig(eslint))

describe('the import layers in lint', { timeout: 20_000 }, () => {
  it('fails on every import from a layer above the cache, and on nothing under it', async () => {
    const path = 'src-main/core/cache/backImport.ts'
    const text = fixture(path)
    expect(markedFailures(text)).toHaveLength(5)
    expect(await lintAs(eslint, text, path)).toEqual(markedFailures(text))
  })

  it('lets the same imports through from the top of the core', async () => {
    const text = fixture('src-main/core/cache/backImport.ts')
      .replaceAll("'../", "'./")
      .replace("'./cacheDatabase'", "'./cache/cacheDatabase'")
    const failures = await lintAs(eslint, text, 'src-main/core/handlers/backImport.ts')
    expect(failures).toEqual([`9: house/layers`])
  })

  it('fails on src-shared importing anything of the tree but itself', async () => {
    const path = 'src-shared/importsOurs.ts'
    const text = fixture(path)
    expect(markedFailures(text)).toHaveLength(3)
    expect(await lintAs(eslint, text, path)).toEqual(markedFailures(text))
  })

  it("fails on a renderer area's import of another area or of the shell and router above it", async () => {
    const path = 'src-renderer/areas/dispatch/crossArea.ts'
    const text = fixture(path)
    expect(markedFailures(text)).toHaveLength(5)
    expect(await lintAs(eslint, text, path)).toEqual(markedFailures(text))
  })

  it("lets an area's routes import the router's types, as its part of the router, and nothing else of an area", async () => {
    const text = "import type { AreaRoutes } from '../../router/areaRoutes'\nexport const routes: AreaRoutes = { views: {} }\n"
    expect(await lintAs(eslint, text, 'src-renderer/areas/counter/routes.ts')).toEqual([])
    expect(await lintAs(eslint, text, 'src-renderer/areas/counter/routeTable.ts')).toEqual(['1: house/layers'])
  })

  it('fails on a type-only circle in the renderer', async () => {
    const text = "import type { useBookingsStore } from './bookings'\nexport type Store = ReturnType<typeof useBookingsStore>\n"
    expect(await lintAs(eslint, text, 'src-renderer/stores/bookingsFilter.ts')).toEqual(['1: house/no-cycle'])
    expect(await lintAs(eslint, text, 'src-renderer/stores/bookingsTally.ts')).toEqual([])
  })

  it('fails on an import that closes a circle, type-only too, and not where the circle stays open', async () => {
    const path = 'src-main/core/api/serviceShipment.ts'
    const text = fixture(path)
    expect(markedFailures(text)).toHaveLength(1)
    expect(await lintAs(eslint, text, path)).toEqual(markedFailures(text))
    expect(await lintAs(eslint, text, 'src-main/core/api/unimportedShipment.ts')).toEqual([])
  })
})
