/**
 * A short tone for a code the counter does not know: the clerk's eyes are on
 * the goods, not the screen. Web Audio needs no file and no permission.
 */
let context: AudioContext | null = null

/** Sounds after the frame that shows why: the first tone opens the audio output, which can take longer than a frame. */
export function beep(frequency = 440, ms = 180): void {
  requestAnimationFrame(() => setTimeout(() => tone(frequency, ms)))
}

function tone(frequency: number, ms: number): void {
  try {
    context ??= new AudioContext()
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = 'square'
    oscillator.frequency.value = frequency
    gain.gain.value = 0.08
    oscillator.connect(gain).connect(context.destination)
    oscillator.start()
    oscillator.stop(context.currentTime + ms / 1000)
  } catch {
    // No audio device: the message on screen says it all the same.
  }
}
