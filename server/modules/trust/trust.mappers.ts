import type { ContentFlagRow, ModerationActionRow, ReportRow, UserRow } from '#db/schema/index.ts';

// What the console's user panel shows: the row and its moderation history.
export type ModerationUserModel = {
  user: UserRow;
  reports: ReportRow[];
  flags: ContentFlagRow[];
  actions: ModerationActionRow[];
};
