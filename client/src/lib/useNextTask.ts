import { startTransition, useEffect, useState } from 'react';

// Resolves in the next task (a loader's long steps, each on its own; ADR 050).
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// True from the task after `ready` first became true. Work started on it (live subscriptions, say)
// runs on its own instead of lengthening the task that drew the page (a long task on a phone; ADR 050),
// and its render is a transition: it yields to the browser every few milliseconds.
export function useNextTask(ready: boolean): boolean {
  const [next, setNext] = useState(false);
  useEffect(() => {
    if (!ready || next) return;
    const timer = setTimeout(() => startTransition(() => setNext(true)), 0);
    return () => clearTimeout(timer);
  }, [ready, next]);
  return ready && next;
}
