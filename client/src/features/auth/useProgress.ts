import { useEffect, useState } from 'react';

// The spec's progress indicator: +10 every 100 ms while running, up to 100.
export function useProgress(running: boolean, done: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setProgress((p) => Math.min(p + 10, 100)), 100);
    return () => clearInterval(timer);
  }, [running]);
  return done ? 100 : progress;
}
