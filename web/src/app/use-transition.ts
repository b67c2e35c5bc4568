import { useEffect, useRef } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * Calls `onChange(previous, next)` when the actor's state value changes (compared as JSON): for UI
 * reactions to one step (a failed login, a failed registration), not to a state.
 */
export function useStateTransition(actor: AnyActorRef, onChange: (previous: unknown, next: unknown) => void): void {
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    let previous = JSON.stringify(actor.getSnapshot().value);
    const subscription = actor.subscribe((snapshot: { value: unknown }) => {
      const next = JSON.stringify(snapshot.value);
      if (next === previous) return;
      const before = previous;
      previous = next;
      callback.current(JSON.parse(before), JSON.parse(next));
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}
