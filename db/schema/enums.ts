import { pgEnum } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['user', 'moderator', 'admin']);
export const eventMode = pgEnum('event_mode', ['physical', 'online']);
export const skillLevel = pgEnum('skill_level', ['beginner', 'intermediate', 'advanced', 'pro']);
export const voiceChat = pgEnum('voice_chat', ['required', 'optional', 'not_required']);
export const joinRequestStatus = pgEnum('join_request_status', [
  'pending',
  'accepted',
  'declined',
  'withdrawn',
  // The waitlist (ADR 045): approved while the event was full, in line for a place; offered a place
  // until a deadline; an offer that ran out.
  'waitlisted',
  'offered',
  'expired',
]);
export const checkVerdict = pgEnum('check_verdict', ['ok', 'review', 'block']);
export const notificationType = pgEnum('notification_type', [
  'join_request_received',
  'join_request_accepted',
  'join_request_declined',
  'join_request_withdrawn',
  'message_received',
  'event_cancelled',
  'event_updated',
  'badge_earned',
  'tokens_earned',
  'purchase_completed',
  'moderation_warning',
  'content_removed',
  'report_resolved',
  'appeal_decided',
  'account_restored',
  'friend_request_received',
  'friend_request_accepted',
  'event_reminder',
  'waitlist_offer',
  'waitlist_offer_expired',
  // 'Eve vardın mı?': the safety kit's check before the expected home time (ADR 068).
  'safety_check',
]);
export const tokenLedgerReason = pgEnum('token_ledger_reason', [
  'signup_grant',
  'event_created',
  'event_refund',
  'purchase',
  'earned',
  'referral',
  'expired',
  'adjustment',
  'purchase_refund',
]);
export const reportReason = pgEnum('report_reason', [
  'inappropriate_behavior',
  'spam',
  'harassment',
  'offensive_content',
  'other',
]);
export const reportStatus = pgEnum('report_status', ['open', 'reviewed', 'dismissed']);
// What a report is about: a person, or a whole event (its host answers for it); ADR 069.
export const reportSubject = pgEnum('report_subject', ['person', 'event']);
// Where a physical event meets (ADR 069): a private home gets a badge and safety tips for its guests.
export const venueType = pgEnum('venue_type', [
  'cafe_restaurant',
  'park_square',
  'sports_facility',
  'campus',
  'private_home',
  'other',
]);
// What a moderator (or an automatic safeguard) did; the audit log's action column.
export const moderationActionKind = pgEnum('moderation_action_kind', [
  'dismiss',
  'warn',
  'remove_content',
  'cancel_event',
  'suspend',
  'restore',
  'keep_content',
  'auto_hide',
  'auto_pause_joins',
  'appeal_upheld',
  'appeal_overturned',
]);
// A piece of user text the content check flagged for review, or a moderator handled.
export const contentFlagStatus = pgEnum('content_flag_status', ['open', 'kept', 'removed']);
export const appealStatus = pgEnum('appeal_status', ['open', 'upheld', 'overturned']);
export const conversationKind = pgEnum('conversation_kind', ['event_thread', 'direct', 'event_group']);
export const friendshipStatus = pgEnum('friendship_status', ['pending', 'accepted']);
// How often a recurring series repeats (ADR 048).
export const seriesFrequency = pgEnum('series_frequency', ['weekly', 'biweekly']);
