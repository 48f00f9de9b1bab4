import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { preparedRows } from '#db/row-codec.ts';

// The hot reads run as named prepared statements (ADR 008). On a server each connection has its own;
// the embedded PGlite is one session behind many connections, and its queue keeps them apart.
describe('named prepared statements', () => {
  const url = inject('databaseUrl');
  let database: DatabaseHandle;

  beforeAll(() => {
    database = createDatabase(url, { max: 4 });
  });
  afterAll(async () => {
    await database.close();
  });

  async function connect() {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  }

  it('lets two connections prepare the same name for different statements', async () => {
    const a = await connect();
    const b = await connect();
    try {
      await a.query({ name: 'squad_test_same', text: 'select $1::int + 1 as n', values: [1] });
      await b.query({ name: 'squad_test_same', text: 'select $1::int * 10 as n', values: [1] });
      // Interleaved re-use: each connection runs its own statement, not the other's.
      const [ra, rb] = await Promise.all([
        a.query({ name: 'squad_test_same', text: 'select $1::int + 1 as n', values: [5] }),
        b.query({ name: 'squad_test_same', text: 'select $1::int * 10 as n', values: [5] }),
      ]);
      expect(ra.rows[0].n).toBe(6);
      expect(rb.rows[0].n).toBe(50);
    } finally {
      await a.end();
    }
    try {
      // The closed connection's statement is gone; the other's is still there.
      const countOf = async () =>
        (
          await b.query<{ n: number }>(
            `select count(*)::int as n from pg_prepared_statements where name like 'squad\\_test\\_same%'`,
          )
        ).rows[0].n;
      for (let i = 0; i < 50 && (await countOf()) > 1; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await countOf()).toBe(1);
      const again = await b.query({ name: 'squad_test_same', text: 'select $1::int * 10 as n', values: [7] });
      expect(again.rows[0].n).toBe(70);
      // A new connection can take the name again.
      const c = await connect();
      try {
        const rc = await c.query({ name: 'squad_test_same', text: 'select $1::int - 1 as n', values: [7] });
        expect(rc.rows[0].n).toBe(6);
      } finally {
        await c.end();
      }
    } finally {
      await b.end();
    }
  });

  it('runs preparedRows in parallel over the pool and inside a transaction', async () => {
    const query = (n: number) => sql`select ${n}::int * 2 as doubled, 'ğüşiöç' as text`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => preparedRows(database.db, query(i))),
    );
    expect(results.map((rows) => rows[0].doubled)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    expect(results[3][0].text).toBe('ğüşiöç');
    const inTx = await database.db.transaction(async (tx) => {
      const first = await preparedRows(tx, query(21));
      const second = await preparedRows(tx, query(22));
      return [first[0].doubled, second[0].doubled];
    });
    expect(inTx).toEqual([42, 44]);
  });
});
