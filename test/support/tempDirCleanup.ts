import { afterAll } from 'vitest'
import { removeDirsMadeInTests } from './tempDir'

// A setup file runs before every test file, also where files share one module graph (isolate: false).
afterAll(removeDirsMadeInTests)
