import type { ConversationMemberRow } from '#db/schema/index.ts';

// A member row and whether it is the event's host (group chats and event threads).
export type ConversationMemberModel = ConversationMemberRow & { isHost: boolean };
