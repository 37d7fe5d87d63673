import { describe, expect, it } from 'vitest'
import { checkGraphqlAddress, checkServerAddress, isInsecureRemote, isLoopbackHost } from '@core/api/serviceAddress'

describe('where the token may be sent', () => {
  it('knows this computer only by its loopback addresses, never by a name that may resolve there', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLoopbackHost(host), host).toBe(true)
    for (const host of ['192.168.1.10', 'erp.example.com', 'localhost.example.com', '128.0.0.1', '[::2]'])
      expect(isLoopbackHost(host), host).toBe(false)
  })

  it('takes https anywhere and http on this computer; http elsewhere only with the opt-in', () => {
    expect(() => checkServerAddress('https://erp.example.com', false)).not.toThrow()
    expect(() => checkServerAddress('http://127.0.0.1:4010', false)).not.toThrow()
    expect(() => checkServerAddress('http://[::1]:4010', false)).not.toThrow()
    expect(() => checkServerAddress('http://erp.example.com', false)).toThrow(
      expect.objectContaining({ code: 'insecure_server', field: 'serverUrl' }),
    )
    expect(() => checkServerAddress('http://erp.example.com', true)).not.toThrow()
    expect(() => checkServerAddress('ftp://erp.example.com', true)).toThrow(expect.objectContaining({ code: 'insecure_server' }))
    expect(isInsecureRemote('http://erp.example.com')).toBe(true)
    expect(isInsecureRemote('https://erp.example.com')).toBe(false)
  })

  it('sends the JWT over https anywhere, and in plain http only to the plain-http service host itself', () => {
    expect(() => checkGraphqlAddress('https://graphql.example.com/v1/graphql', 'https://erp.example.com')).not.toThrow()
    expect(() => checkGraphqlAddress('https://graphql.example.com/v1/graphql', 'http://127.0.0.1:4010')).not.toThrow()
    expect(() => checkGraphqlAddress('http://127.0.0.1:4011/v1/graphql', 'http://127.0.0.1:4010')).not.toThrow()
    expect(() => checkGraphqlAddress('http://lab.example/v1/graphql', 'http://lab.example')).not.toThrow()
    const refused = expect.objectContaining({ code: 'insecure_graphql' })
    // Another host, and a downgrade from an https service to its own host in clear.
    expect(() => checkGraphqlAddress('http://evil.example/v1/graphql', 'http://127.0.0.1:4010')).toThrow(refused)
    expect(() => checkGraphqlAddress('http://localhost:4010/v1/graphql', 'http://127.0.0.1:4010')).toThrow(refused)
    expect(() => checkGraphqlAddress('http://erp.example.com/v1/graphql', 'https://erp.example.com')).toThrow(refused)
  })
})
