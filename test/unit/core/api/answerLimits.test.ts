import { describe, expect, it } from 'vitest'
import { answerLimits, defaultAnswerLimits } from '@core/api/answerLimits'
import { AnswerWatch } from '@core/api/answerWatch'

describe('the limits of each kind of answer', () => {
  it('keeps each kind its own deadline and cap, the streamed ones far longer and larger', () => {
    const l = answerLimits()
    expect(l).toEqual(defaultAnswerLimits)
    for (const kind of ['record', 'list', 'file', 'page', 'streamedList'] as const) {
      expect(l[kind].totalMs, kind).toBeGreaterThan(l[kind].stallMs)
      expect(l[kind].maxBytes, kind).toBeGreaterThan(l[kind].progressBytes)
    }
    expect(l.list.maxBytes).toBeGreaterThan(l.record.maxBytes)
    expect(l.streamedList.totalMs).toBeGreaterThanOrEqual(30 * 60_000)
    expect(l.streamedList.maxBytes).toBeGreaterThan(100 * 1024 * 1024)
  })

  it("takes the core's request timeout as every stall and the whole deadline of records and lists, then the overrides", () => {
    const l = answerLimits(2000, { streamedList: { totalMs: 5000 } })
    expect(l.record).toMatchObject({ totalMs: 2000, stallMs: 2000 })
    expect(l.list).toMatchObject({ totalMs: 2000, stallMs: 2000 })
    expect(l.file).toMatchObject({ totalMs: defaultAnswerLimits.file.totalMs, stallMs: 2000 })
    expect(l.streamedList).toMatchObject({ totalMs: 5000, stallMs: 2000, maxBytes: defaultAnswerLimits.streamedList.maxBytes })
  })
})

describe('watching one answer', () => {
  const limits = { totalMs: 60_000, stallMs: 60_000, progressBytes: 10, maxBytes: 100 }

  it('refuses a declared length beyond the cap before reading anything', () => {
    const watch = new AnswerWatch(limits, 'GET /x.json')
    expect(() => watch.answered(200, { 'content-length': '101' })).toThrow(/passed/)
    expect(watch.reason()).toMatchObject({ code: 'too_large', status: 200 })
    expect(watch.signal.aborted).toBe(true)
  })

  it('stops counting past the cap, and reads a refusal only so far', () => {
    const ok = new AnswerWatch(limits, 'GET /x.json')
    ok.answered(200, {})
    ok.take(100)
    expect(() => ok.take(1)).toThrow(/GET \/x\.json: the answer passed 100 bytes; reading stopped/)
    const refusal = new AnswerWatch({ ...limits, maxBytes: 1024 * 1024 }, 'GET /x.json')
    refusal.answered(500, {})
    refusal.take(64 * 1024)
    expect(() => refusal.take(1)).toThrow(/passed 64 kB/)
    ok.finish()
    refusal.finish()
  })

  it('cuts an answer that stalls, but not while its reader holds what came', async () => {
    const stalled = new AnswerWatch({ ...limits, stallMs: 50 }, 'GET /x.json')
    stalled.answered(200, {})
    await new Promise((r) => setTimeout(r, 120))
    expect(stalled.reason()).toMatchObject({ code: 'timeout', detail: expect.stringMatching(/stalled/) })

    const held = new AnswerWatch({ ...limits, stallMs: 50 }, 'GET /x.json')
    held.answered(200, {})
    held.hold()
    await new Promise((r) => setTimeout(r, 120))
    expect(held.reason()).toBeNull()
    held.resume()
    await new Promise((r) => setTimeout(r, 120))
    expect(held.reason()).toMatchObject({ code: 'timeout' })
  })

  it('cuts at the whole deadline even while bytes keep coming', async () => {
    const watch = new AnswerWatch({ ...limits, totalMs: 100, stallMs: 60_000, progressBytes: 1, maxBytes: 1e9 }, 'GraphQL query')
    watch.answered(200, {})
    const feed = setInterval(() => watch.take(1), 10)
    await new Promise((r) => setTimeout(r, 180))
    clearInterval(feed)
    expect(watch.reason()).toMatchObject({ code: 'timeout', detail: 'GraphQL query: no complete answer within 0.1 s' })
  })
})
