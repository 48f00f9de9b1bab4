// GraphQL enum names -> the values stored in the database. Used by the resolvers at run time and by
// codegen.ts, so the generated types and the running schema cannot drift apart.
export const enumValues = {
  Role: { USER: 'user', MODERATOR: 'moderator', ADMIN: 'admin' },
  EventMode: { PHYSICAL: 'physical', ONLINE: 'online' },
  EventStatus: { UPCOMING: 'upcoming', ONGOING: 'ongoing', COMPLETED: 'completed', CANCELLED: 'cancelled' },
  ViewerRole: { HOST: 'host', PARTICIPANT: 'participant', REQUESTER: 'requester', NONE: 'none' },
  SkillLevel: { BEGINNER: 'beginner', INTERMEDIATE: 'intermediate', ADVANCED: 'advanced', PRO: 'pro' },
  VoiceChat: { REQUIRED: 'required', OPTIONAL: 'optional', NOT_REQUIRED: 'not_required' },
  JoinRequestStatus: {
    PENDING: 'pending',
    ACCEPTED: 'accepted',
    DECLINED: 'declined',
    WITHDRAWN: 'withdrawn',
    WAITLISTED: 'waitlisted',
    OFFERED: 'offered',
    EXPIRED: 'expired',
  },
  CheckVerdict: { OK: 'ok', REVIEW: 'review', BLOCK: 'block' },
  TokenLedgerReason: {
    SIGNUP_GRANT: 'signup_grant',
    EVENT_CREATED: 'event_created',
    EVENT_REFUND: 'event_refund',
    PURCHASE: 'purchase',
    EARNED: 'earned',
    REFERRAL: 'referral',
    EXPIRED: 'expired',
    ADJUSTMENT: 'adjustment',
    PURCHASE_REFUND: 'purchase_refund',
  },
  NotificationType: {
    JOIN_REQUEST_RECEIVED: 'join_request_received',
    JOIN_REQUEST_ACCEPTED: 'join_request_accepted',
    JOIN_REQUEST_DECLINED: 'join_request_declined',
    JOIN_REQUEST_WITHDRAWN: 'join_request_withdrawn',
    MESSAGE_RECEIVED: 'message_received',
    EVENT_CANCELLED: 'event_cancelled',
    EVENT_UPDATED: 'event_updated',
    BADGE_EARNED: 'badge_earned',
    TOKENS_EARNED: 'tokens_earned',
    PURCHASE_COMPLETED: 'purchase_completed',
    MODERATION_WARNING: 'moderation_warning',
    CONTENT_REMOVED: 'content_removed',
    REPORT_RESOLVED: 'report_resolved',
    APPEAL_DECIDED: 'appeal_decided',
    ACCOUNT_RESTORED: 'account_restored',
    FRIEND_REQUEST_RECEIVED: 'friend_request_received',
    FRIEND_REQUEST_ACCEPTED: 'friend_request_accepted',
    EVENT_REMINDER: 'event_reminder',
    WAITLIST_OFFER: 'waitlist_offer',
    WAITLIST_OFFER_EXPIRED: 'waitlist_offer_expired',
    SAFETY_CHECK: 'safety_check',
  },
  ReportStatus: { OPEN: 'open', REVIEWED: 'reviewed', DISMISSED: 'dismissed' },
  SafetyPlanState: {
    ACTIVE: 'active',
    HOME: 'home',
    CHECK_ENDED: 'check_ended',
    ALERTED: 'alerted',
    EXPIRED: 'expired',
  },
  ReportSubject: { PERSON: 'person', EVENT: 'event' },
  VenueType: {
    CAFE_RESTAURANT: 'cafe_restaurant',
    PARK_SQUARE: 'park_square',
    SPORTS_FACILITY: 'sports_facility',
    CAMPUS: 'campus',
    PRIVATE_HOME: 'private_home',
    OTHER: 'other',
  },
  ContentFlagStatus: { OPEN: 'open', KEPT: 'kept', REMOVED: 'removed' },
  AppealStatus: { OPEN: 'open', UPHELD: 'upheld', OVERTURNED: 'overturned' },
  ModerationActionKind: {
    DISMISS: 'dismiss',
    WARN: 'warn',
    REMOVE_CONTENT: 'remove_content',
    CANCEL_EVENT: 'cancel_event',
    SUSPEND: 'suspend',
    RESTORE: 'restore',
    KEEP_CONTENT: 'keep_content',
    AUTO_HIDE: 'auto_hide',
    AUTO_PAUSE_JOINS: 'auto_pause_joins',
    APPEAL_UPHELD: 'appeal_upheld',
    APPEAL_OVERTURNED: 'appeal_overturned',
  },
  ContentKind: {
    JOIN_MESSAGE: 'join_message',
    EVENT_TITLE: 'event_title',
    EVENT_DESCRIPTION: 'event_description',
    CHAT_MESSAGE: 'chat_message',
    DIRECT_MESSAGE: 'direct_message',
    BIO: 'bio',
    DISPLAY_NAME: 'display_name',
    USERNAME: 'username',
    RATING_FEEDBACK: 'rating_feedback',
    REPORT: 'report',
  },
  ConversationKind: { EVENT_THREAD: 'event_thread', DIRECT: 'direct', EVENT_GROUP: 'event_group' },
  FriendshipStatus: {
    NONE: 'none',
    FRIENDS: 'friends',
    REQUEST_SENT: 'request_sent',
    REQUEST_RECEIVED: 'request_received',
  },
  RemovableProfileField: { BIO: 'bio', DISPLAY_NAME: 'display_name', USERNAME: 'username', AVATAR: 'avatar' },
  PurchaseStatus: {
    PENDING: 'pending',
    PAID: 'paid',
    FAILED: 'failed',
    REFUNDED: 'refunded',
    EXPIRED: 'expired',
  },
  PaymentMethodKind: { CARD: 'card', PAYPAL: 'paypal' },
  ReportReason: {
    INAPPROPRIATE_BEHAVIOR: 'inappropriate_behavior',
    SPAM: 'spam',
    HARASSMENT: 'harassment',
    OFFENSIVE_CONTENT: 'offensive_content',
    OTHER: 'other',
  },
  PlaceKind: {
    PROVINCE: 'province',
    DISTRICT: 'district',
    TOWN: 'town',
    NEIGHBOURHOOD: 'neighbourhood',
    LANDMARK: 'landmark',
    ADDRESS: 'address',
    POINT: 'point',
  },
  GameType: { FPS: 'fps', MOBA: 'moba', BATTLE_ROYALE: 'battle_royale', MMO: 'mmo', PARTY: 'party' },
  TimeWindow: { WITHIN_HOUR: 'within_hour', TODAY: 'today', THIS_WEEK: 'this_week' },
  QuickFilter: {
    SOON: 'soon',
    FREE: 'free',
    CHEAP: 'cheap',
    BEGINNERS: 'beginners',
    COMPETITIVE: 'competitive',
    CHILL: 'chill',
    STUDY_BUDDY: 'study_buddy',
    NOW_PLAYING: 'now_playing',
    TURKISH: 'turkish',
    ENGLISH: 'english',
    MIC_REQUIRED: 'mic_required',
  },
  ActivityType: { HOSTED: 'hosted', JOINED: 'joined' },
  HostRank: { NEW: 'new', BRONZE: 'bronze', SILVER: 'silver', GOLD: 'gold', DIAMOND: 'diamond' },
  Device: { PC: 'pc', PLAYSTATION: 'playstation', XBOX: 'xbox', MOBILE: 'mobile' },
  ShareChannel: { COPY_LINK: 'copy_link', TWITTER: 'twitter', WHATSAPP: 'whatsapp', DISCORD: 'discord' },
  SeriesFrequency: { WEEKLY: 'weekly', BIWEEKLY: 'biweekly' },
  SeriesScope: { THIS: 'this', FOLLOWING: 'following' },
} as const;

type ValueOf<T> = T[keyof T];
export type Role = ValueOf<typeof enumValues.Role>;
export type EventMode = ValueOf<typeof enumValues.EventMode>;
export type EventStatus = ValueOf<typeof enumValues.EventStatus>;
export type ViewerRole = ValueOf<typeof enumValues.ViewerRole>;
export type SkillLevel = ValueOf<typeof enumValues.SkillLevel>;
export type VoiceChat = ValueOf<typeof enumValues.VoiceChat>;
export type JoinRequestStatus = ValueOf<typeof enumValues.JoinRequestStatus>;
export type CheckVerdict = ValueOf<typeof enumValues.CheckVerdict>;
export type TokenLedgerReason = ValueOf<typeof enumValues.TokenLedgerReason>;
export type NotificationType = ValueOf<typeof enumValues.NotificationType>;
export type ReportReason = ValueOf<typeof enumValues.ReportReason>;
export type PlaceKind = ValueOf<typeof enumValues.PlaceKind>;
export type GameType = ValueOf<typeof enumValues.GameType>;
export type TimeWindow = ValueOf<typeof enumValues.TimeWindow>;
export type QuickFilter = ValueOf<typeof enumValues.QuickFilter>;
export type ActivityType = ValueOf<typeof enumValues.ActivityType>;
export type HostRank = ValueOf<typeof enumValues.HostRank>;
export type Device = ValueOf<typeof enumValues.Device>;
export type ShareChannel = ValueOf<typeof enumValues.ShareChannel>;
export type PurchaseStatus = ValueOf<typeof enumValues.PurchaseStatus>;
export type PaymentMethodKind = ValueOf<typeof enumValues.PaymentMethodKind>;
export type ReportStatus = ValueOf<typeof enumValues.ReportStatus>;
export type SafetyPlanState = ValueOf<typeof enumValues.SafetyPlanState>;
export type VenueType = ValueOf<typeof enumValues.VenueType>;
export type ReportSubject = ValueOf<typeof enumValues.ReportSubject>;
export type ContentFlagStatus = ValueOf<typeof enumValues.ContentFlagStatus>;
export type AppealStatus = ValueOf<typeof enumValues.AppealStatus>;
export type ModerationActionKind = ValueOf<typeof enumValues.ModerationActionKind>;
export type ContentKind = ValueOf<typeof enumValues.ContentKind>;
export type RemovableProfileField = ValueOf<typeof enumValues.RemovableProfileField>;
export type ConversationKind = ValueOf<typeof enumValues.ConversationKind>;
export type FriendshipStatus = ValueOf<typeof enumValues.FriendshipStatus>;
export type SeriesFrequency = ValueOf<typeof enumValues.SeriesFrequency>;
export type SeriesScope = ValueOf<typeof enumValues.SeriesScope>;
