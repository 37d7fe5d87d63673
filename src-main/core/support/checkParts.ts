import { AppError } from '@shared/errors'
import type { DoctorCheck } from '@shared/support'

/** The pieces every doctor check is written with. */
type Check = Omit<DoctorCheck, 'ok'>
export const check = (c: Check): DoctorCheck => ({ ...c, ok: c.level !== 'error' })
export const text = (es: string, en: string) => ({ es, en })
/** A detail with no words to translate (a path, a version, an OS error): the same in both languages. */
export const same = (words: string) => ({ es: words, en: words })
export const reason = (err: unknown) =>
  err instanceof AppError ? (err.detail ?? err.message) : err instanceof Error ? err.message : String(err)
