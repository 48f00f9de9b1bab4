import { customType } from 'drizzle-orm/pg-core';

// citext: case-insensitive text for e-mails and usernames (the citext extension).
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});
