import { describe, expect, it } from 'vitest'
import { AppError, errorMessages } from '@shared/errors'
import { parseStoredError } from '@core/sync/outbox/storedError'

// An outbox entry's refusal, read back from last_error as whatever version of the app stored it.
describe('a stored refusal', () => {
  it('reads back as it was stored, its fields named as ours', () => {
    const stored = new AppError('validation', { detail: 'no', fields: { 'movements[0].item_id': ['debe existir'] } }).toPayload()
    expect(parseStoredError(JSON.stringify(stored))).toEqual({
      ...stored,
      field: 'lines[0].itemId',
      fields: { 'lines[0].itemId': ['debe existir'] },
    })
    expect(parseStoredError(null)).toBeNull()
  })

  it('stored by an older version without detail, field or fields reads with none', () => {
    const message = errorMessages.conflict
    expect(parseStoredError(JSON.stringify({ code: 'conflict', message }))).toEqual({
      code: 'conflict',
      message,
      detail: null,
      field: null,
      fields: {},
    })
  })

  it('that does not read is shown as unreadable, its text kept (in part) for support', () => {
    const newer = JSON.stringify({ code: 'from_a_newer_version', message: errorMessages.internal, detail: null, field: null, fields: {} })
    const long = `{"code":"validation","detail":"${'x'.repeat(500)}`
    for (const raw of [newer, '{"code":"validation","mess', '"just text"', long]) {
      const read = parseStoredError(raw)
      expect(read).toMatchObject({ code: 'unreadable_stored_error', message: errorMessages.unreadable_stored_error, field: null })
      expect(read?.detail).toBe(raw.slice(0, 200))
    }
  })
})
