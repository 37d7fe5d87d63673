import { createInterface } from 'node:readline'

/**
 * Reads a secret from standard input, never from the command line (argv shows
 * in process listings and shell history). On a terminal the typing is hidden.
 */
export async function readSecret(prompt: string, input = process.stdin, output = process.stderr): Promise<string> {
  if (!input.isTTY) {
    let data = ''
    for await (const chunk of input) data += chunk
    return data.split(/\r?\n/)[0]?.trim() ?? ''
  }
  output.write(prompt)
  const rl = createInterface({ input, terminal: true })
  // Swallow the echo: readline writes typed characters through _writeToOutput.
  ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined
  const line = await new Promise<string>((resolve) => rl.question('', resolve))
  rl.close()
  output.write('\n')
  return line.trim()
}
