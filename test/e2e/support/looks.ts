import type { Page } from 'playwright-core'

/** A piece of text a user could not read: its colour against what is behind it. */
export interface PoorContrast {
  text: string
  where: string
  ratio: number
  color: string
  background: string
}

/**
 * Every visible piece of text on screen whose colour, against the colour
 * actually painted behind it, has a contrast ratio below `minimum` (WCAG's
 * formula; 3 is the floor for large text, so anything below is hard to read
 * for anyone). Opacity of the element and its ancestors is folded in. Text on
 * an image or gradient (the training banner) is left out: its background has
 * no one colour. Disabled controls are meant to look faded and are left out too.
 */
export function poorContrast(page: Page, minimum = 3): Promise<PoorContrast[]> {
  return page.evaluate((minimum) => {
    type Rgba = [number, number, number, number]
    const parse = (css: string): Rgba | null => {
      const m = /^rgba?\(([^)]+)\)$/.exec(css.trim())
      if (!m) return null
      const parts = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number)
      if (parts.length < 3 || parts.some((n) => Number.isNaN(n))) return null
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3])
      if (a === 0) return [0, 0, 0, 0]
      const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a
      return [mix(0), mix(1), mix(2), a]
    }
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }
    const ratioOf = (a: Rgba, b: Rgba) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return (l1! + 0.05) / (l2! + 0.05)
    }
    /** What is painted behind `el`: its own and its ancestors' backgrounds, down to the canvas; null over an image. */
    const backgroundOf = (el: Element): Rgba | null => {
      const layers: Rgba[] = []
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.backgroundImage !== 'none') return null
        const bg = parse(style.backgroundColor)
        if (bg && bg[3] > 0) {
          layers.push(bg)
          if (bg[3] >= 1) break
        }
      }
      let result: Rgba = [255, 255, 255, 1]
      for (const layer of layers.reverse()) result = over(layer, result)
      return result
    }
    const opacityOf = (el: Element): number => {
      let o = 1
      for (let node: Element | null = el; node; node = node.parentElement) o *= Number(getComputedStyle(node).opacity)
      return o
    }
    const describe = (el: Element): string => {
      const parts: string[] = []
      for (let node: Element | null = el; node && parts.length < 4; node = node.parentElement) {
        const id = node.getAttribute('data-testid')
        parts.unshift(id ? `[${id}]` : `${node.tagName.toLowerCase()}${node.classList[0] ? `.${node.classList[0]}` : ''}`)
        if (id) break
      }
      return parts.join(' > ')
    }
    const found: PoorContrast[] = []
    const seen = new Set<Element>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement
      const text = (node.textContent ?? '').trim()
      if (!el || text === '' || seen.has(el)) continue
      seen.add(el)
      // Placeholders are the library's deliberately faint hint (and say nothing a label does not); a colour
      // picker writes its value on a swatch of that colour, painted by a sibling.
      if (
        el.closest(
          '[aria-hidden="true"], [disabled], .n-button--disabled, [aria-disabled="true"], [data-testid="training-watermark"], .n-input__placeholder, .n-base-selection-placeholder, .n-color-picker, script, style',
        )
      )
        continue
      const rect = el.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0 || rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth)
        continue
      const style = getComputedStyle(el)
      if (style.visibility !== 'visible') continue
      const color = parse(style.color)
      const background = backgroundOf(el)
      if (!color || !background) continue
      const opacity = opacityOf(el)
      if (opacity === 0) continue
      const painted = over([color[0], color[1], color[2], color[3] * opacity], background)
      const ratio = ratioOf(painted, background)
      if (ratio < minimum) {
        found.push({
          text: text.slice(0, 40),
          where: describe(el),
          ratio: Math.round(ratio * 100) / 100,
          color: style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
        })
      }
    }
    return found
  }, minimum)
}

/** Horizontal overflow a user would have to scroll sideways for: the page, and the main content column. */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`)
    const main = document.querySelector('[data-testid="main-content"]')
    if (main && main.scrollWidth > main.clientWidth + 1) found.push(`main content ${main.scrollWidth} > ${main.clientWidth}`)
    return found
  })
}

/** How the training banner sits: its height, and whether each of its texts stays on one line. */
export function bannerLayout(page: Page): Promise<{ height: number; wrapped: string[] } | null> {
  return page.evaluate(() => {
    const banner = document.querySelector('[data-testid="training-banner"]')
    if (!banner) return null
    const wrapped: string[] = []
    // Each run of text on its own: a wrapped one has boxes on two rows.
    const walker = document.createTreeWalker(banner, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.textContent ?? '').trim() === '') continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
      if (tops.size > 1) wrapped.push((node.textContent ?? '').trim())
    }
    return { height: Math.round(banner.getBoundingClientRect().height), wrapped }
  })
}

/** The side menu's width, or null where there is none (the sign-in screen). */
export function menuWidth(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const sider = document.querySelector('.n-layout-sider')
    return sider ? Math.round(sider.getBoundingClientRect().width) : null
  })
}
