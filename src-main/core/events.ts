import type { EventName, EventPayload } from '@shared/contract'

type Listener<N extends EventName> = (payload: EventPayload<N>) => void
export type AnyListener = (name: EventName, payload: unknown) => void

/** The core's outgoing events; each transport subscribes once with onAny and forwards. */
export class CoreEvents {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>()
  private readonly anyListeners = new Set<AnyListener>()

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
    for (const l of this.anyListeners) l(name, payload)
  }
}
