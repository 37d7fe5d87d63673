#!/usr/bin/env node
/**
 * Renders resources/icon.svg into the icon set electron-builder packs:
 * resources/icons/NxN.png (16…1024; the Linux packages take this folder),
 * resources/icon.png (1024), resources/icon.ico (Windows) and resources/icon.icns (macOS).
 * The outputs are committed, so packaging needs neither this script nor its tools;
 * run it again after changing the SVG: `npm run make-icons`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import png2icons from 'png2icons'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const resources = join(root, 'resources')
const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024]

const svg = readFileSync(join(resources, 'icon.svg'))
const render = (size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()

mkdirSync(join(resources, 'icons'), { recursive: true })
for (const size of sizes) writeFileSync(join(resources, 'icons', `${size}x${size}.png`), render(size))
const big = render(1024)
writeFileSync(join(resources, 'icon.png'), big)

// BICUBIC2 keeps the small sizes crisp; ICO gets PNG-compressed entries (Vista and later).
const ico = png2icons.createICO(big, png2icons.BICUBIC2, 0, true, true)
const icns = png2icons.createICNS(big, png2icons.BICUBIC2, 0)
if (!ico || !icns) throw new Error('png2icons could not convert resources/icon.png')
writeFileSync(join(resources, 'icon.ico'), ico)
writeFileSync(join(resources, 'icon.icns'), icns)
console.log(`icons written to ${resources}: ${sizes.join(', ')} px, icon.ico, icon.icns`)
