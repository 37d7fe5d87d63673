// Types for eslint/houseConfig.mjs, which ESLint loads as plain JS and test/unit/lint/ imports.
import type { Linter } from 'eslint'

export declare const limits: { fileLines: number; functionLines: number }
export declare const houseRuleSettings: Record<
  'max-lines' | 'max-lines-per-function' | 'house/no-row-cast' | 'house/no-raw-catalogue-db' | 'house/no-error-ref',
  Linter.RuleEntry
>
export declare const houseConfig: Linter.Config[]
