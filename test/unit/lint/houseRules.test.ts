import { beforeAll, describe, expect, it } from 'vitest'
import { fixture, lintAs, loadConfig, markedFailures, projectLint } from './lintAs'

// Issue 31, item 3: `npm run lint` fails on a cast over a row or over JSON.parse, and on the catalogue's raw db
// outside the cache layer. Each fixture is linted with the project's config as the file it would be in the tree.
const eslint = projectLint()
beforeAll(...loadConfig(eslint))

describe('the house rules in lint', { timeout: 20_000 }, () => {
  it('fails on every cast over a row or over JSON.parse, and on nothing the rule asks for instead', async () => {
    const path = 'src-main/core/services/rowCasts.ts'
    const text = fixture(path)
    expect(markedFailures(text)).toHaveLength(6)
    expect(await lintAs(eslint, text, path)).toEqual(markedFailures(text))
  })

  it('fails on the catalogue store’s raw db outside src-main/core/cache, and not inside it', async () => {
    const path = 'src-main/core/services/rawCatalogueDb.ts'
    const text = fixture(path)
    expect(markedFailures(text)).toHaveLength(2)
    expect(await lintAs(eslint, text, path)).toEqual(markedFailures(text))
    expect(await lintAs(eslint, text, 'src-main/core/cache/rawCatalogueDb.ts')).toEqual([])
  })

  it('fails on an error kept in a ref of its own in the renderer, and not on the tracked ways', async () => {
    const path = 'src-renderer/areas/dispatch/errorRefs.ts'
    const text = fixture(path)
    expect(markedFailures(text)).toHaveLength(2)
    expect(await lintAs(eslint, text, path)).toEqual(markedFailures(text))
  })
})
