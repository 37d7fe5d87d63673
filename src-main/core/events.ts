import { events, type EventName, type EventPayload } from '@shared/contract'

type Listener<N extends EventName> = (payload: EventPayload<N>) => void
export type AnyListener = (name: EventName, payload: unknown) => void
/** Told when an event that would leave the core breaks the contract (createCore logs it). */
export type MalformedListener = (name: EventName, detail: string) => void

/** The core's outgoing events; each transport subscribes once with onAny and forwards. */
export class CoreEvents {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>()
  private readonly anyListeners = new Set<AnyListener>()

  constructor(private readonly onMalformed: MalformedListener = () => undefined) {}

  on<N extends EventName>(name: N, listener: Listener<N>): () => void {
    let set = this.listeners.get(name)
    if (!set) this.listeners.set(name, (set = new Set()))
    set.add(listener as Listener<EventName>)
    return () => set.delete(listener as Listener<EventName>)
  }

  onAny(listener: AnyListener): () => void {
    this.anyListeners.add(listener)
    return () => this.anyListeners.delete(listener)
  }

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const l of this.listeners.get(name) ?? []) l(payload)
    if (this.anyListeners.size === 0) return
    // The border: what the transports forward is checked against the contract here, once, so
    // the window can trust it. A payload that breaks it is dropped; the next change brings the truth.
    const checked = events[name].safeParse(payload)
    if (!checked.success) {
      this.onMalformed(name, checked.error.issues[0]?.message ?? 'does not match the contract')
      return
    }
    for (const l of this.anyListeners) l(name, checked.data)
  }
}
