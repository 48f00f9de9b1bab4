import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { TOKEN_PACKAGES } from '#server/modules/tokens/tokens.packages.ts';

// A condition other modules' list queries embed (like safety.filters.ts): whether a host has priority
// listing right now, i.e. a paid, not refunded purchase of a package that includes it, within that
// package's validity (ADR 038). Inside the list query it costs one probe of the purchases index per
// row of the page, and the nearest-first index plan is untouched.
const withPriority = TOKEN_PACKAGES.filter((p) => p.priorityListing);

export function hasPriorityListing(hostId: SQLWrapper, now: SQLWrapper): SQL {
  if (withPriority.length === 0) return sql`false`;
  const valid = sql.join(
    withPriority.map(
      (p) =>
        sql`(tp.package_id = ${sql.raw(`'${p.id}'`)} and tp.paid_at > ${now}::timestamptz - ${sql.raw(`interval '${p.validityDays} days'`)})`,
    ),
    sql` or `,
  );
  return sql`exists (select 1 from token_purchases tp where tp.user_id = ${hostId} and tp.status = 'paid' and (${valid}))`;
}
