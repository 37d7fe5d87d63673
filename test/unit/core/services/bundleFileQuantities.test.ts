import { describe, expect, it } from 'vitest'
import { writeBundleFile, type ExportRow } from '@core/services/bundleFiles'

// Issue 30, item 5: an exported component read "2.0" beside an availability of "2".
const row: ExportRow = {
  id: 1,
  code: 'PAQ-1',
  name: 'Paquete',
  ean13: null,
  tags: [],
  active: true,
  categoryBundle: false,
  components: 3,
  available: 2,
  description: null,
  componentsText: 'PIN-00017:2.0;CER-00297:1.50;TOR:3',
}

describe('an export writes quantities as the catalogue does', () => {
  it('components without trailing zeros', async () => {
    const file = await writeBundleFile([row], 'csv', 'paquetes')
    const text = Buffer.from(file.base64, 'base64').toString('utf8')
    expect(text).toContain('PIN-00017:2;CER-00297:1.5;TOR:3')
    expect(text).not.toContain('2.0')
  })
})
