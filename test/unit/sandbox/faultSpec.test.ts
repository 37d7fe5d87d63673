import { describe, expect, it } from 'vitest'
import { parseFaultSpec } from '@sandbox'
import { FaultInjector, formatFaultSpec, noFaults } from '@sandbox/faults'

describe('parseFaultSpec', () => {
  it('reads latency ranges, 5xx and drop shares', () => {
    expect(parseFaultSpec('latency=20-80,5xx=0.1,drop=0.05')).toEqual({
      ...noFaults,
      latencyMinMs: 20,
      latencyMaxMs: 80,
      errorShare: 0.1,
      dropShare: 0.05,
    })
  })

  it('reads a trickle in milliseconds between bytes and an oversize in megabytes', () => {
    expect(parseFaultSpec('trickle=5000,oversize=300')).toEqual({ ...noFaults, trickleEveryMs: 5000, oversizeMb: 300 })
    expect(parseFaultSpec('trickle=0,oversize=0')).toEqual(noFaults)
  })

  it('reads a fixed latency, spaces, any order, and partial specs', () => {
    expect(parseFaultSpec(' drop = 1 , latency=50 ')).toEqual({ ...noFaults, latencyMinMs: 50, latencyMaxMs: 50, dropShare: 1 })
    expect(parseFaultSpec('5xx=0')).toEqual(noFaults)
  })

  it('reads "none" and an empty string as no faults', () => {
    expect(parseFaultSpec('none')).toEqual(noFaults)
    expect(parseFaultSpec('')).toEqual(noFaults)
  })

  it.each([
    ['latency=80-20', /minimum 80 ms is above the maximum 20/],
    ['latency=fast', /latency/],
    ['latency=1-2-3', /latency/],
    ['latency=-5', /latency/],
    ['5xx=1.5', /5xx must be a share between 0 and 1/],
    ['drop=', /drop must be a share/],
    ['drop=abc', /drop must be a share/],
    ['boom=1', /unknown key "boom" \(keys: latency, 5xx, drop, trickle, oversize\)/],
    ['trickle=fast', /trickle must be whole milliseconds between bytes like trickle=5000, got "fast"/],
    ['trickle=1.5', /trickle must be whole milliseconds/],
    ['trickle=600001', /trickleEveryMs must be whole milliseconds between 0 and 600000/],
    ['oversize=-1', /oversize must be whole megabytes like oversize=300, got "-1"/],
    ['oversize=big', /oversize must be whole megabytes/],
    ['oversize=5000', /oversizeMb must be whole megabytes between 0 and 4096/],
    ['trickle=10,trickle=20', /given twice/],
    ['5xx', /expected key=value/],
    ['5xx=0.1,5xx=0.2', /given twice/],
  ])('refuses %s with a clear message', (spec, message) => {
    expect(() => parseFaultSpec(spec)).toThrow(message)
  })

  it('round-trips through formatFaultSpec', () => {
    for (const spec of [
      'none',
      'latency=20-80',
      'latency=50',
      '5xx=0.1',
      'drop=0.05',
      'trickle=5000',
      'oversize=300',
      'latency=1-2,5xx=0.5,drop=0.25,trickle=10,oversize=1',
    ]) {
      expect(formatFaultSpec(parseFaultSpec(spec))).toBe(spec)
    }
  })
})

describe('FaultInjector', () => {
  it('never faults with no faults set', () => {
    const f = new FaultInjector()
    for (let i = 0; i < 200; i++) expect(f.decide()).toEqual({ latencyMs: 0, outcome: 'serve', trickleEveryMs: 0, oversizeMb: 0 })
  })

  it('shapes every answer with the trickle and oversize set, whatever the draws say', () => {
    const f = new FaultInjector({ ...noFaults, trickleEveryMs: 250, oversizeMb: 3, errorShare: 0.5 })
    for (let i = 0; i < 50; i++) expect(f.decide()).toMatchObject({ trickleEveryMs: 250, oversizeMb: 3 })
  })

  it('always answers 5xx at share 1, even with drop at 1', () => {
    const f = new FaultInjector({ ...noFaults, errorShare: 1, dropShare: 1 })
    for (let i = 0; i < 50; i++) expect(f.decide().outcome).toBe('error')
  })

  it('always drops at drop share 1', () => {
    const f = new FaultInjector({ ...noFaults, dropShare: 1 })
    for (let i = 0; i < 50; i++) expect(f.decide().outcome).toBe('drop')
  })

  it('draws latency within the range', () => {
    const f = new FaultInjector({ ...noFaults, latencyMinMs: 20, latencyMaxMs: 80 })
    const seen = Array.from({ length: 500 }, () => f.decide().latencyMs)
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(20)
    expect(Math.max(...seen)).toBeLessThanOrEqual(80)
    expect(new Set(seen).size).toBeGreaterThan(30)
  })

  it('hits a fractional share about that often, the same way for the same seed', () => {
    const run = (seed: number) => {
      const f = new FaultInjector({ ...noFaults, errorShare: 0.3 }, seed)
      return Array.from({ length: 2000 }, () => f.decide().outcome)
    }
    const a = run(7)
    expect(run(7)).toEqual(a)
    expect(run(8)).not.toEqual(a)
    const share = a.filter((o) => o === 'error').length / a.length
    expect(share).toBeGreaterThan(0.25)
    expect(share).toBeLessThan(0.35)
  })

  it('merges partial updates and refuses invalid ones without changing anything', () => {
    const f = new FaultInjector()
    f.update({ latencyMinMs: 10, latencyMaxMs: 30 })
    f.update({ dropShare: 0.5 })
    f.update({ trickleEveryMs: 100 })
    const merged = { ...noFaults, latencyMinMs: 10, latencyMaxMs: 30, dropShare: 0.5, trickleEveryMs: 100 }
    expect(f.settings).toEqual(merged)
    expect(() => f.update({ errorShare: -0.1 })).toThrow(/errorShare/)
    expect(() => f.update({ latencyMaxMs: 5 })).toThrow(/above the maximum/)
    expect(() => f.update({ oversizeMb: 0.5 })).toThrow(/oversizeMb/)
    expect(f.settings).toEqual(merged)
  })

  it('reads a raised minimum alone as "at least this much"', () => {
    const f = new FaultInjector()
    expect(f.update({ latencyMinMs: 100 })).toMatchObject({ latencyMinMs: 100, latencyMaxMs: 100 })
  })
})
