import type { PGlite } from '@electric-sql/pglite';

type Item = {
  handlerId: number;
  message: Uint8Array;
  onData: (chunk: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
};

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const PROTOCOL_3 = 196608;

function isStartup(message: Uint8Array): boolean {
  if (message.length < 8) return false;
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  return view.getInt32(4) === PROTOCOL_3;
}

// PGlite is one session. pglite-socket's own multiplexer hands the session to whichever connection's
// next message is queued, which interleaves extended-protocol messages (Parse/Bind/Execute/Sync) of
// different clients and mixes their unnamed statements. This queue gives the session to one
// connection from its first message until a sync point (Sync, simple Query, Terminate or the end of
// the start-up) at which no transaction is open, so every connection sees a session of its own.
export class SessionQueue {
  private queue: Item[] = [];
  private owner: number | null = null;
  private processing = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (chunk: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('connection closed'));
      return false;
    });
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (;;) {
        const index = this.owner === null ? 0 : this.queue.findIndex((i) => i.handlerId === this.owner);
        if (index === -1 || this.queue.length === 0) break;
        const [item] = this.queue.splice(index, 1);
        this.owner = item.handlerId;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (chunk) => {
                bytes += chunk.length;
                item.onData(chunk);
              },
            }),
          );
          item.resolve(bytes);
        } catch (err) {
          item.reject(err);
        }
        const type = item.message[0];
        const syncPoint = type === SYNC || type === QUERY || type === TERMINATE || isStartup(item.message);
        if (syncPoint && !this.db.isInTransaction()) this.owner = null;
      }
    } finally {
      this.processing = false;
    }
  }
}
