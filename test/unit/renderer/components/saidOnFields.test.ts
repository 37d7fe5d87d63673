import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors'
import { saidOnFields } from '@renderer/components/saidOnFields'

const says = (field: string) => (field === 'name' || field === 'code' ? `${field}: no` : null)

describe('a form leaves out the general notice when its fields say it all', () => {
  it('every refused field is shown with its message', () => {
    const error = new AppError('bad_input', { fields: { name: ['required'] } })
    expect(saidOnFields(error, ['name', 'code'], says)).toBe(true)
  })

  it('a refused field the form does not show keeps the notice', () => {
    const error = new AppError('validation', { fields: { name: ['taken'], base: ['locked'] } })
    expect(saidOnFields(error, ['name', 'code'], says)).toBe(false)
  })

  it('a shown field with no message of its own keeps the notice', () => {
    const error = new AppError('validation', { fields: { description: ['too long'] } })
    expect(saidOnFields(error, ['name', 'description'], says)).toBe(false)
  })

  it('an error that names no field, or none, keeps it', () => {
    expect(saidOnFields(new AppError('timeout'), ['name'], says)).toBe(false)
    expect(saidOnFields(null, ['name'], says)).toBe(false)
  })
})
