import { describe, expect, it } from 'vitest'
import { base64ToBytes, bytesToBase64, isImportFileName, mimeTypeOf } from '@renderer/areas/catalogue/fileTransfer'

describe('catalogue files in the renderer', () => {
  it('turns base64 into bytes and back, for files larger than one slice', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256)
    const base64 = bytesToBase64(bytes)
    expect(base64).toBe(Buffer.from(bytes).toString('base64'))
    expect(base64ToBytes(base64)).toEqual(bytes)
  })

  it('names the type of what it saves and accepts only the import formats', () => {
    expect(mimeTypeOf('paquetes.csv')).toMatch(/^text\/csv/)
    expect(mimeTypeOf('paquetes.XLSX')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(mimeTypeOf('otro.bin')).toBe('application/octet-stream')
    expect(['a.csv', 'B.XLSX'].map(isImportFileName)).toEqual([true, true])
    expect(['a.xls', 'a.csv.txt', 'csv'].map(isImportFileName)).toEqual([false, false, false])
  })
})
