import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { createSaveQueue } from '@renderer/stores/saveQueue'

describe('createSaveQueue', () => {
  it('lands the saves in the order they were asked, the later one after the earlier one has answered', async () => {
    const queue = createSaveQueue()
    const landed: string[] = []
    let answerFirst: () => void = () => undefined
    const first = queue.enqueue(() => new Promise<void>((resolve) => (answerFirst = () => (landed.push('first'), resolve()))))
    const second = queue.enqueue(async () => void landed.push('second'))
    await new Promise((r) => setTimeout(r, 10))
    expect(landed).toEqual([])
    answerFirst()
    await Promise.all([first, second])
    expect(landed).toEqual(['first', 'second'])
  })

  it('keeps a failure without throwing, runs what follows it, and clears it once a save goes through', async () => {
    const queue = createSaveQueue()
    await expect(queue.enqueue(() => Promise.reject(new AppError('network')))).resolves.toBeUndefined()
    expect(queue.error?.code).toBe('network')
    let ran = false
    await queue.enqueue(async () => void (ran = true))
    expect(ran).toBe(true)
    expect(queue.error).toBeNull()
    await queue.enqueue(() => Promise.reject(new AppError('server')))
    await queue.settled()
    expect(queue.error?.code).toBe('server')
    queue.reset()
    expect(queue.error).toBeNull()
  })
})
