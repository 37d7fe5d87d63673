/** How a purchasing screen names an item: its code and name, or its id when the order did not say its code. */
export const itemLabel = (itemId: number, code?: string | null, name?: string | null): string =>
  `${code ?? `#${itemId}`}${name ? ` — ${name}` : ''}`
