import type { CliContext } from '../cliContext'

/** Wraps a command's action: gives it the context and reports its failure with the right exit code. */
export type Run = (action: (ctx: CliContext, ...args: never[]) => Promise<void>) => (...args: unknown[]) => Promise<void>
