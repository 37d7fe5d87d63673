// Preloaded into a benchmarked child process: reports its peak resident memory
// and the processor time it used (user + system, which other processes on a
// shared machine move less than the wall clock) on exit.
process.on('exit', () => {
  const usage = process.resourceUsage()
  require('node:fs').writeSync(2, `\n@@rss ${usage.maxRSS}\n@@cpu ${usage.userCPUTime + usage.systemCPUTime}\n`)
})
