import { describe, expect, it } from 'vitest'
import { errorFromResponse, errorFromTransport, notJsonDetail, validationFields } from '@core/api/serviceError'
import { bookingFieldNames, bundleFieldNames, tableFieldNames } from '@core/api/serviceFieldNames'

describe('classifying service failures by status and body', () => {
  it('a field map is a validation error whatever the status, with its messages by field', () => {
    const err = errorFromResponse(422, { code: ['has already been taken'] })
    expect(err.code).toBe('validation')
    expect(err.field).toBe('code')
    expect(err.fields).toEqual({ code: ['has already been taken'] })
    expect(errorFromResponse(400, { name: ["can't be blank"] }).code).toBe('validation')
  })

  it('names the refused fields as our own types do, past core/api', () => {
    const err = errorFromResponse(
      422,
      { agency_to_id: ['no puede estar en blanco'], 'movements[1].booked_quantity': ['debe ser mayor que 0'] },
      bookingFieldNames,
    )
    expect(err.fields).toEqual({ agencyToId: ['no puede estar en blanco'], 'lines[1].bookedQuantity': ['debe ser mayor que 0'] })
    expect(err.field).toBe('agencyToId')
    // Without an area's renames, each snake_case word still becomes camelCase.
    expect(errorFromResponse(422, { mobile_phone: ['no es válido'], base: ['x'] }).fields).toEqual({
      mobilePhone: ['no es válido'],
      base: ['x'],
    })
    // Two of the service's names for one of ours: every message is kept.
    expect(
      errorFromResponse(422, { tag_list: ['a'], 'bundle_details_attributes[0].quantity': ['b'], bundle_details: ['c'] }, bundleFieldNames)
        .fields,
    ).toEqual({
      tags: ['a'],
      'components[0].quantity': ['b'],
      components: ['c'],
    })
    expect(errorFromResponse(422, { rows_structure: ['a'], rows_type: ['b'] }, tableFieldNames).fields).toEqual({
      columns: ['a', 'b'],
    })
    // A dynamic table's columns are named by the user: kept as given.
    expect(errorFromResponse(422, { precio_unitario: ['no es un número'] }, 'asGiven').fields).toEqual({
      precio_unitario: ['no es un número'],
    })
  })

  it('keeps the {error} message and maps the status', () => {
    const err = errorFromResponse(404, { error: 'Purchase order not found' })
    expect(err.code).toBe('not_found')
    expect(err.detail).toBe('Purchase order not found')
    expect(errorFromResponse(401, { error: 'Invalid token' }).code).toBe('unauthorized')
    expect(errorFromResponse(403, {}).code).toBe('forbidden')
    expect(errorFromResponse(409, { error: 'stale' }).code).toBe('conflict')
    expect(errorFromResponse(503, { error: 'down' }).code).toBe('server')
    expect(errorFromResponse(500, '<html>oops</html>').code).toBe('server')
  })

  it('keeps a few words of a page that is not JSON, never the page, and judges it by its status', () => {
    const nginx = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center></body></html>'
    expect(errorFromResponse(502, nginx)).toMatchObject({ code: 'server', detail: 'HTTP 502, an HTML page: "502 Bad Gateway"' })
    const rails = `<!DOCTYPE html><html><head><style>body { color: red }</style></head><body><div><p>We're sorry, but something went wrong.</p><p>${'x'.repeat(2000)}</p></div></body></html>`
    const detail = errorFromResponse(500, rails).detail!
    expect(detail).toMatch(/^HTTP 500, an HTML page: "We're sorry, but something went wrong\. x+…"$/)
    expect(detail.length).toBeLessThan(120)
    expect(detail).not.toMatch(/[<>{]/)
    // A proxy's page is not a refusal of the fields: no "check the highlighted fields".
    expect(errorFromResponse(400, '<html><body><h1>400 Bad Request</h1>Request Header Or Cookie Too Large</body></html>').code).toBe(
      'bad_response',
    )
    expect(errorFromResponse(404, '<h1>Not Found</h1>')).toMatchObject({ code: 'not_found', detail: 'HTTP 404, an HTML page: "Not Found"' })
    expect(notJsonDetail('Service Unavailable')).toBe('an answer that is not JSON: "Service Unavailable"')
    expect(notJsonDetail('<html><body></body></html>')).toBe('an HTML page')
  })

  it("cuts the service's own {error} words short when they run on like a page", () => {
    expect(errorFromResponse(500, { error: `boom ${'y'.repeat(1000)}` }).detail!.length).toBeLessThanOrEqual(300)
  })

  it('does not mistake other objects for a field map', () => {
    expect(validationFields({ error: 'x' })).toBeNull()
    expect(validationFields({ count: 3 })).toBeNull()
    expect(validationFields([])).toBeNull()
  })

  it('tells a request that never left from one whose outcome is unknown', () => {
    expect(errorFromTransport({ code: 'ECONNREFUSED' }).code).toBe('network')
    expect(errorFromTransport({ code: 'ENOTFOUND' }).code).toBe('network')
    expect(errorFromTransport({ code: 'ECONNABORTED', message: 'timeout of 100ms exceeded' }).code).toBe('timeout')
    expect(errorFromTransport({ code: 'ECONNRESET', message: 'socket hang up' }).code).toBe('unknown_outcome')
  })
})
