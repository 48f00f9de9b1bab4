import { customType } from 'drizzle-orm/pg-core';

// citext: case-insensitive text for e-mails and usernames (the citext extension).
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});

// cube (the cube extension): the earthdistance extension's points are cubes.
export const cube = customType<{ data: string }>({
  dataType() {
    return 'cube';
  },
});
