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
const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
const CLOSE = 0x43; // 'C'
const STATEMENT = 0x53; // 'S' as the target of Describe/Close
const PROTOCOL_3 = 196608;
// The queue's own messages (deallocating a closed connection's statements).
const INTERNAL_HANDLER = -1;

function isStartup(message: Uint8Array): boolean {
  if (message.length < 8) return false;
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  return view.getInt32(4) === PROTOCOL_3;
}

// Offset of the statement name inside a Parse, Bind, Describe or Close message, or -1 when the message
// names no prepared statement.
function statementNameOffset(message: Uint8Array): number {
  switch (message[0]) {
    case PARSE:
      return 5;
    case BIND:
      return message.indexOf(0, 5) + 1; // after the portal name
    case DESCRIBE:
    case CLOSE:
      return message[5] === STATEMENT ? 6 : -1;
    default:
      return -1;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function simpleQuery(text: string): Uint8Array {
  const body = encoder.encode(`${text}\0`);
  const message = new Uint8Array(5 + body.length);
  message[0] = QUERY;
  new DataView(message.buffer).setInt32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}

// PGlite is one session. pglite-socket's own multiplexer hands the session to whichever connection's
// next message is queued, which interleaves extended-protocol messages (Parse/Bind/Execute/Sync) of
// different clients and mixes their unnamed statements. This queue gives the session to one
// connection from its first message until a sync point (Sync, simple Query, Terminate or the end of
// the start-up) at which no transaction is open, so every connection sees a session of its own.
//
// Named prepared statements belong to a connection on a server, but here every connection shares the
// one session, so two connections preparing the same name would collide ("prepared statement already
// exists"). The queue therefore gives each connection's statement names a suffix of its own, and
// deallocates them when the connection closes.
export class SessionQueue {
  private queue: Item[] = [];
  private owner: number | null = null;
  private processing = false;
  private readonly statements = new Map<number, Set<string>>();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (chunk: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        handlerId,
        message: this.scopeStatementName(handlerId, message),
        onData,
        resolve,
        reject,
      });
      void this.drain();
    });
  }

  // `name` -> `name@<connection>` in Parse, Bind, Describe and Close; the unnamed statement stays.
  private scopeStatementName(handlerId: number, message: Uint8Array): Uint8Array {
    const start = statementNameOffset(message);
    if (start <= 0) return message;
    const end = message.indexOf(0, start);
    if (end <= start) return message; // unnamed (or malformed: PGlite will say so)
    const scoped = `${decoder.decode(message.subarray(start, end))}@${handlerId}`;
    if (message[0] === PARSE) {
      let names = this.statements.get(handlerId);
      if (!names) this.statements.set(handlerId, (names = new Set()));
      names.add(scoped);
    }
    const name = encoder.encode(scoped);
    const out = new Uint8Array(message.length - (end - start) + name.length);
    out.set(message.subarray(0, start), 0);
    out.set(name, start);
    out.set(message.subarray(end), start + name.length);
    new DataView(out.buffer).setInt32(1, out.length - 1);
    return out;
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  // Called when a connection closes.
  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('connection closed'));
      return false;
    });
    const names = this.statements.get(handlerId);
    if (names?.size) {
      this.statements.delete(handlerId);
      // Queued like any client's message, so it never lands between another connection's Parse and
      // Bind; one message per name, so a statement whose Parse had failed does not stop the others.
      for (const name of names)
        this.queue.push({
          handlerId: INTERNAL_HANDLER,
          message: simpleQuery(`DEALLOCATE "${name.replaceAll('"', '""')}"`),
          onData: () => {},
          resolve: () => {},
          reject: () => {},
        });
      void this.drain();
    }
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
