import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';

// The right to a copy (KVKK art. 11, GDPR art. 15/20; ADR 054): what Squad keeps about one user,
// read in one snapshot. Only rows the user wrote or that are about their own account; other people
// appear by id at most (a friend, an event's host), never with their profile or their words.
// Secrets (sign-in, calendar feed, payment method ids) are left out: a copy must not be a key.
const SECTIONS: Record<string, (id: string) => SQL> = {
  profile: (id) => sql`
    select id, email, display_name, username, full_name, bio, avatar_url, city, district,
           exact_location, interests, locale, role, token_balance, created_at, last_seen_at,
           referral_code, referred_by, referred_at, auto_refill_enabled, auto_refill_threshold,
           auto_refill_package,
           case when payment_method is null then null
                else jsonb_build_object('provider', payment_method ->> 'provider',
                                        'brand', payment_method ->> 'brand',
                                        'last4', payment_method ->> 'last4') end as payment_method,
           suspended_at, suspended_until, suspension_reason
      from users where id = ${id}`,
  notificationSettings: (id) => sql`
    select locale, notification_prefs as preferences from users where id = ${id}`,
  eventsHosted: (id) => sql`
    select id, mode, title, description, category, tags, starts_at, ends_at, max_participants, location_name,
           address, public_location, venue_type, platform, requirements, language, created_at, cancelled_at
      from events where host_id = ${id} order by starts_at`,
  joinRequests: (id) => sql`
    select id, event_id, message, status, check_verdict, created_at, decided_at, waitlist
      from join_requests where user_id = ${id} order by created_at`,
  participations: (id) => sql`
    select event_id, joined_at, attended from event_participants where user_id = ${id} order by joined_at`,
  messagesWritten: (id) => sql`
    select id, conversation_id, body, created_at, removed_at from messages
     where sender_id = ${id} order by created_at`,
  friends: (id) => sql`
    select case when user_low = ${id} then user_high else user_low end as user_id, status,
           (requested_by = ${id}) as requested_by_me, created_at, accepted_at
      from friendships where user_low = ${id} or user_high = ${id} order by created_at`,
  ratingsGiven: (id) => sql`
    select id, event_id, ratee_id, score, feedback, created_at from ratings
     where rater_id = ${id} order by created_at`,
  savedEvents: (id) => sql`select event_id, created_at from event_saves where user_id = ${id}`,
  blockedUsers: (id) => sql`select blocked_id as user_id, created_at from blocks where blocker_id = ${id}`,
  reportsFiled: (id) => sql`
    select id, target_user_id, event_id, reason, message, status, priority, subject, created_at from reports
     where reporter_id = ${id} order by created_at`,
  badges: (id) => sql`select badge_id, earned_at from user_badges where user_id = ${id}`,
  tokenLedger: (id) => sql`
    select delta, reason, balance_after, event_id, note, expires_at, created_at from token_ledger
     where user_id = ${id} order by seq`,
  payments: (id) => sql`
    select id, package_id, tokens, bonus_tokens, amount_cents, currency, provider, status, method,
           auto_refill, created_at, paid_at, failed_at, refunded_at, refunded_tokens, refunded_cents
      from token_purchases where user_id = ${id} order by created_at`,
  pushDevices: (id) => sql`
    select user_agent, created_at, last_used_at from push_subscriptions where user_id = ${id}`,
  uploads: (id) => sql`
    select kind, file_name, content_type, status, bytes, created_at from uploads
     where user_id = ${id} order by created_at`,
  eventDrafts: (id) => sql`
    select mode, values, step, created_at, updated_at from event_drafts where host_id = ${id}`,
  // The safety kit (ADR 068): the addresses the user chose and the plans they shared; the
  // confirmation and page tokens are keys (a page link opens the plan) and stay out.
  trustedContacts: (id) => sql`
    select id, email, confirmed_at, created_at from trusted_contacts
     where user_id = ${id} order by created_at`,
  safetyPlans: (id) => sql`
    select p.id, p.event_id, p.share_exact_place, p.expected_home_at, p.expires_at, p.asked_at,
           p.home_at, p.check_ended_at, p.alerted_at, p.last_lat, p.last_lng, p.last_position_at,
           p.created_at,
           coalesce((select jsonb_agg(c.contact_id order by c.contact_id) from safety_plan_contacts c
                      where c.plan_id = p.id), '[]'::jsonb) as contact_ids
      from safety_plans p where p.user_id = ${id} order by p.created_at`,
  notifications: (id) => sql`
    select type, event_id, created_at, read_at from notifications
     where user_id = ${id} order by created_at desc limit 500`,
};

export type DataExport = Record<string, unknown>;

export function createExportRepository(db: DbOrTx) {
  return {
    async collect(userId: string): Promise<DataExport> {
      const out: DataExport = {};
      for (const [name, query] of Object.entries(SECTIONS)) {
        const { rows } = await db.execute(query(userId));
        out[name] = name === 'profile' || name === 'notificationSettings' ? (rows[0] ?? null) : rows;
      }
      return out;
    },
  };
}
