import { extensionsByDefault } from '@sandbox'

/**
 * Whether the sandboxes this test run starts serve their extensions. The
 * `integration-real` project runs the same flows with them off (only what the
 * real service offers); a test asserts the degraded behaviour there.
 */
export const sandboxExtensions: boolean = extensionsByDefault()
