import { describe, expect, it } from 'vitest'
import { controlDoorVerdict } from '@sandbox/control/controlDoorGuard'
import { isLoopbackAddress, isLoopbackHost } from '@sandbox/http/loopback'

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1', '::FFFF:127.0.0.1'])('accepts %s', (a) => {
    expect(isLoopbackAddress(a)).toBe(true)
  })
  it.each(['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', '128.0.0.1', '::', '0.0.0.0', 'localhost', '', undefined, null])(
    'refuses %s',
    (a) => {
      expect(isLoopbackAddress(a)).toBe(false)
    },
  )
})

describe('isLoopbackHost', () => {
  it.each(['localhost', 'localhost:8080', '127.0.0.1:4000', '[::1]:4000', '[::1]', 'LOCALHOST:1'])('accepts %s', (h) => {
    expect(isLoopbackHost(h)).toBe(true)
  })
  it.each([
    'attacker.example',
    'attacker.example:4000',
    '192.0.2.2:4000',
    'localhost.attacker.example',
    '[fd00::2]:80',
    '[::1',
    '',
    undefined,
  ])('refuses %s', (h) => {
    expect(isLoopbackHost(h)).toBe(false)
  })
})

describe('controlDoorVerdict', () => {
  it('lets a local process in', () => {
    expect(controlDoorVerdict('127.0.0.1', '127.0.0.1:5000', undefined)).toEqual({ allowed: true })
  })
  it('keeps out another machine, a rebound host name and a web page', () => {
    expect(controlDoorVerdict('192.0.2.10', '127.0.0.1:5000', undefined)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/loopback/),
    })
    expect(controlDoorVerdict('127.0.0.1', 'evil.example:5000', undefined)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/Host/),
    })
    expect(controlDoorVerdict('127.0.0.1', '127.0.0.1:5000', 'https://evil.example')).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/Origin/),
    })
  })
})
