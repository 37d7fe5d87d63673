/** Puts `next` in place of the record with its id, or at the end when it is new. */
export function upsert<T extends { id: number }>(list: T[], next: T): T[] {
  const at = list.findIndex((x) => x.id === next.id)
  return at === -1 ? [...list, next] : list.map((x, i) => (i === at ? next : x))
}

export function without<T extends { id: number }>(list: T[], id: number): T[] {
  return list.filter((x) => x.id !== id)
}
