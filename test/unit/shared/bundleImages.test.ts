import { describe, expect, it } from 'vitest'
import { imageFileProblem, maxImageBytes, sniffImageType } from '@shared/bundleImages'
import { sanitizeFileName, sniffImageType as sandboxSniff } from '@sandbox/model/bundleImages'
import { solidPng } from '../../support/sampleImages'

const samples = {
  'image/png': solidPng(1, [0, 0, 0]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0]),
  'image/gif': Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
  'image/webp': Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'),
} as const

describe('image types by their first bytes', () => {
  it.each(Object.entries(samples))('%s is recognised by the app and the sandbox alike', (type, bytes) => {
    expect(sniffImageType(bytes)).toBe(type)
    expect(sandboxSniff(bytes)).toBe(type)
  })

  it('a text file, a PDF, an SVG or a RIFF that is not WebP is not an image the bundle takes', () => {
    for (const bytes of ['hola\n', '%PDF-1.7', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'RIFF\x24\x00\x00\x00WAVEfmt ']) {
      expect(sniffImageType(Buffer.from(bytes, 'latin1')), bytes).toBeNull()
      expect(sandboxSniff(Buffer.from(bytes, 'latin1')), bytes).toBeNull()
    }
  })

  it('says empty, then too large, then not an image', () => {
    expect(imageFileProblem(0, new Uint8Array())).toBe('empty')
    expect(imageFileProblem(maxImageBytes + 1, samples['image/png'])).toBe('tooLarge')
    expect(imageFileProblem(maxImageBytes, samples['image/png'])).toBeNull()
    expect(imageFileProblem(10, Buffer.from('hola'))).toBe('wrongType')
  })
})

describe("the sandbox's file names", () => {
  it('sanitises like CarrierWave and keeps or adds the extension', () => {
    expect(sanitizeFileName('Foto del kit (1).png', 'image/png')).toBe('Foto_del_kit__1_.png')
    expect(sanitizeFileName('C:\\fotos\\año.jpg', 'image/jpeg')).toBe('a_o.jpg')
    expect(sanitizeFileName('sin-extension', 'image/webp')).toBe('sin-extension.webp')
    expect(sanitizeFileName('ñññ', 'image/gif')).toBe('imagen.gif')
  })
})
