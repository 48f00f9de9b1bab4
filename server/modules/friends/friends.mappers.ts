// Parents of the friends types (ADR 042): ids, the rows come from the user and event loaders.
export type FriendModel = { userId: string; since: Date };
export type FriendRequestModel = { userId: string; createdAt: Date };
export type FriendEventModel = { eventId: string; userIds: string[] };
