import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Signing keys of the built-in identity provider (embedded mode). Kept in the database so every app
// instance signs and verifies with the same keys; `kid` lets keys rotate (old ones stay listed in the
// JWKS until their last token expired).
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull().default('RS256'),
  privateJwk: jsonb('private_jwk').$type<JsonWebKey>().notNull(),
  publicJwk: jsonb('public_jwk').$type<JsonWebKey>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export type SigningKeyRow = typeof signingKeys.$inferSelect;
