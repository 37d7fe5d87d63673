import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { createLoader } from '@renderer/stores/loader'

/** A read the test answers by hand, in the order it chooses. */
function pending<T>() {
  const calls: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = []
  const read = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }))
  return { read, calls }
}

describe('createLoader', () => {
  it('applies an answer, says so, and clears the last failure only then', async () => {
    const { read, calls } = pending<string>()
    const seen: string[] = []
    const loader = createLoader(read, (v) => seen.push(v))

    const failed = loader.load()
    expect(loader.loading).toBe(true)
    calls[0]!.reject(new AppError('network'))
    expect(await failed).toBe(false)
    expect(loader.error?.code).toBe('network')

    // A retry keeps the failure on screen until its answer comes.
    const retried = loader.load()
    expect(loader.error?.code).toBe('network')
    calls[1]!.resolve('list')
    expect(await retried).toBe(true)
    expect(seen).toEqual(['list'])
    expect(loader.error).toBeNull()
    expect(loader.loading).toBe(false)
  })

  it('drops the answer of a read a newer one overtook, and keeps loading until the newer answers', async () => {
    const { read, calls } = pending<string>()
    const seen: string[] = []
    const loader = createLoader(read, (v) => seen.push(v))
    const older = loader.load()
    const newer = loader.load()
    calls[0]!.resolve('old')
    expect(await older).toBe(false)
    expect(loader.loading).toBe(true)
    calls[1]!.resolve('new')
    expect(await newer).toBe(true)
    expect(seen).toEqual(['new'])
  })

  it('reads without an apply when the read keeps its own answer', async () => {
    let reads = 0
    const loader = createLoader(async () => void reads++)
    expect(await loader.load()).toBe(true)
    expect(reads).toBe(1)
  })
})
