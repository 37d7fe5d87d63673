import { expect, it } from 'vitest'
import { scansInOrder } from '@renderer/composables/scansInOrder'

it('tells each scan in the order scanned, whichever answer comes first, and a scan that fails stops none after it', async () => {
  const inOrder = scansInOrder()
  const told: string[] = []
  let answerFirst!: () => void
  const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve))
  const first = inOrder(async () => {
    await firstAnswered
    told.push('first')
  })
  const failing = inOrder(() => {
    throw new Error('the cache could not be read')
  })
  const third = inOrder(() => told.push('third'))
  await Promise.resolve()
  expect(told).toEqual([])
  answerFirst()
  await first
  await expect(failing).rejects.toThrow('the cache could not be read')
  expect(await third).toBe(2)
  expect(told).toEqual(['first', 'third'])
})

it('holds the next scans a few seconds at most behind one whose answer never comes', async () => {
  const inOrder = scansInOrder(50)
  void inOrder(() => new Promise<never>(() => undefined))
  const started = Date.now()
  expect(await inOrder(() => 'counted')).toBe('counted')
  expect(Date.now() - started).toBeGreaterThanOrEqual(45)
})
