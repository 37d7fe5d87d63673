import type { ScanResult, ScannedItem } from './counter'

/**
 * The items a scan's answer speaks of, and the same answer with their figures as the core now gives them
 * (event counter.itemsMoved). A booking saved or sent moves the availability (net of unsent bookings) of its
 * items and nothing else: the answer a scan of the same code would then get is the one kept with those items
 * put in. A dynamic bundle's choices are the category's items with stock in the cache, which only a catalogue
 * pull changes (and a pull forgets every answer): a booking moves their figures, never which items they are.
 */

/** The ids of the items an answer names: an item's own, a static bundle's components, a dynamic bundle's choices. */
export function itemsOfAnswer(answer: ScanResult): number[] {
  if (answer.kind === 'item') return [answer.item.item.id]
  if (answer.kind === 'bundle') return [...answer.components, ...answer.choices].map((c) => c.item.id)
  return []
}

/** The answer with each item found in `items` (by id) replaced by it; a component keeps its quantity. */
export function answerWithItems<A extends ScanResult>(answer: A, items: ReadonlyMap<number, ScannedItem>): A {
  if (answer.kind === 'item') {
    const fresh = items.get(answer.item.item.id)
    return fresh ? { ...answer, item: fresh } : answer
  }
  if (answer.kind === 'bundle')
    return {
      ...answer,
      components: answer.components.map((c) => {
        const fresh = items.get(c.item.id)
        return fresh ? { ...fresh, quantity: c.quantity } : c
      }),
      choices: answer.choices.map((c) => items.get(c.item.id) ?? c),
    }
  return answer
}
