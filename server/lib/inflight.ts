// Work that outlives its HTTP connection: a client that hangs up mid-request leaves its handler
// running, and the HTTP drain no longer sees it. Shutdown waits for this count to reach zero before
// the database pool closes, so no handler queries a closed pool.
export function createInflight() {
  let count = 0;
  let waiters: (() => void)[] = [];

  return {
    async track<T>(work: () => Promise<T>): Promise<T> {
      count += 1;
      try {
        return await work();
      } finally {
        count -= 1;
        if (count === 0) {
          for (const wake of waiters) wake();
          waiters = [];
        }
      }
    },
    get count() {
      return count;
    },
    // Resolves true once nothing is in flight, false if `timeoutMs` passes first.
    idle(timeoutMs: number): Promise<boolean> {
      if (count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}

export type Inflight = ReturnType<typeof createInflight>;
