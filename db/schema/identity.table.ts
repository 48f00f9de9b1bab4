import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { citext } from './types.ts';

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

// Accounts of the built-in provider (the embedded stand-in for a Cognito user pool). `sub` is the
// subject of every token and links to users.sub.
export const idpAccounts = pgTable(
  'idp_accounts',
  {
    sub: uuid('sub').primaryKey().defaultRandom(),
    email: citext('email').notNull().unique(),
    // argon2id; null for accounts that only ever signed in with Google.
    passwordHash: text('password_hash'),
    status: text('status').notNull().default('UNCONFIRMED'),
    emailVerified: integer('email_verified').notNull().default(0),
    name: text('name'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    googleSub: text('google_sub').unique(),
    // SRP-6a verifier for USER_SRP_AUTH (hex, as Cognito's clients pad them), derived from the password
    // whenever it is set and at the first password sign-in of an account older than SRP (ADR 065).
    srpSalt: text('srp_salt'),
    srpVerifier: text('srp_verifier'),
    // Access tokens issued before this instant are no longer accepted (GlobalSignOut).
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('idp_accounts_status', sql`${t.status} in ('UNCONFIRMED', 'CONFIRMED', 'EXTERNAL_PROVIDER')`),
  ],
);

// One-time codes: e-mail confirmation (24 h) and password reset (1 h). Only a keyed hash is stored.
export const idpCodes = pgTable(
  'idp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub')
      .notNull()
      .references(() => idpAccounts.sub, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('idp_codes_purpose', sql`${t.purpose} in ('signup', 'reset')`),
    index('idp_codes_sub_purpose_idx').on(t.sub, t.purpose, t.createdAt),
  ],
);

// Refresh tokens (opaque; only a hash is stored). Revoking one also revokes the access tokens issued
// from it (they carry its id as origin_jti).
export const idpRefreshTokens = pgTable(
  'idp_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sub: uuid('sub')
      .notNull()
      .references(() => idpAccounts.sub, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_refresh_tokens_sub_idx').on(t.sub)],
);

// OAuth2: our authorization codes (handed to the app after the Google hop) and the pending Google
// transactions they come from. Both short-lived and single-use.
export const idpOauthRequests = pgTable('idp_oauth_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  clientState: text('client_state'),
  // The relying party's OpenID nonce, echoed in the ID token (OIDC Core 3.1.2.1).
  clientNonce: text('client_nonce'),
  scope: text('scope').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  upstreamState: text('upstream_state').notNull().unique(),
  upstreamNonce: text('upstream_nonce').notNull(),
  upstreamVerifier: text('upstream_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const idpAuthorizationCodes = pgTable('idp_authorization_codes', {
  codeHash: text('code_hash').primaryKey(),
  sub: uuid('sub')
    .notNull()
    .references(() => idpAccounts.sub, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  scope: text('scope').notNull(),
  clientNonce: text('client_nonce'),
  codeChallenge: text('code_challenge').notNull(),
  authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

// The outbox of the embedded mailer (no SMTP_URL): what /dev/mailbox shows.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export type SigningKeyRow = typeof signingKeys.$inferSelect;
export type IdpAccountRow = typeof idpAccounts.$inferSelect;
export type IdpCodeRow = typeof idpCodes.$inferSelect;

// Long-lived server secrets (e.g. the key that hashes one-time codes and refresh tokens), created on
// the first start and shared by every instance.
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
