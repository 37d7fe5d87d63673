// pino-roll 4 ships no types; this is the part of its API the logger uses.
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom'
  interface PinoRollOptions {
    file: string | (() => string)
    size?: string | number
    frequency?: 'daily' | 'hourly' | number
    extension?: string
    symlink?: boolean
    limit?: { count?: number; removeOtherLogFiles?: boolean }
    dateFormat?: string
    mkdir?: boolean
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>
}
