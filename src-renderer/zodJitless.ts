/**
 * zod never compiles a parser with `new Function` in the window: the CSP forbids eval, and zod's probe for
 * it would be reported as a CSP violation. zod reads its settings from this global object wherever it is
 * first loaded (zod/v4/core/core.js), so the window sets it without loading zod itself, which no first
 * screen needs (test/bench/shell/coldLoad.bench.ts). A zod that no longer read it would log that violation,
 * which every end-to-end test fails on; test/unit/renderer/zodJitless.test.ts checks it under Node.
 */
const settings = globalThis as { __zod_globalConfig?: Record<string, unknown> }
settings.__zod_globalConfig = Object.assign(settings.__zod_globalConfig ?? {}, { jitless: true })
export {}
