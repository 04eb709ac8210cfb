// Renders the PNG/ICO app icons from public/icon.svg with the system Chromium (no image tools needed).
// Run with the project Node: npm run icons -w apps/web
import { readFile, writeFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const svg = await readFile('public/icon.svg', 'utf8')
// Launchers crop maskable icons to their own shape, so that variant fills the whole square.
const maskable = svg.replace(' rx="112"', '')

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
})

async function render(source: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}"></body></html>`,
  )
  await page.waitForFunction(() => document.images[0]?.complete)
  const png = await page.screenshot({ omitBackground: true, type: 'png' })
  await page.close()
  return png
}

/** An .ico file may hold a PNG as its one image (supported by every current browser). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size, 6)
  header.writeUInt8(size, 7)
  header.writeUInt8(0, 8) // no palette
  header.writeUInt8(0, 9)
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18) // image data offset
  return Buffer.concat([header, png])
}

await writeFile('public/icon-192.png', await render(svg, 192))
await writeFile('public/icon-512.png', await render(svg, 512))
await writeFile('public/icon-maskable-512.png', await render(maskable, 512))
await writeFile('public/apple-touch-icon.png', await render(maskable, 180))
await writeFile('public/favicon.ico', icoFromPng(await render(svg, 32), 32))
await browser.close()
