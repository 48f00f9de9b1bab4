import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import type { TestApp, TestUser } from '#tests/helpers/test-app.ts';

// Documents and helpers shared by the moderation tests (ADR 039).

export const ACTION_FIELDS = `action { id action reason until moderator { id } target { id } report { id status } flag { id status } appealable }
  counts { reports flags appeals }`;

export const DOCS = {
  counts: `{ moderationQueueCounts { reports flags appeals } }`,
  reports: `query R($status: ReportStatus) { moderationReports(status: $status, first: 50) {
    nodes { id reason message status resolution targetReportCount reporter { id } target { id } event { id } }
    pageInfo { hasNextPage endCursor } } }`,
  flags: `query F($status: ContentFlagStatus) { contentFlags(status: $status, first: 50) {
    nodes { id kind text verdict status reasons { code text } author { id } event { id } } } }`,
  appeals: `query A($status: AppealStatus) { moderationAppeals(status: $status, first: 50) {
    nodes { id text status decisionNote user { id } action { id action } } } }`,
  log: `query L($userId: ID) { moderationLog(userId: $userId, first: 50) {
    nodes { id action reason until moderator { id } target { id } event { id } } } }`,
  user: `query U($id: ID!) { moderationUser(id: $id) { role email suspended suspendedUntil suspensionReason
    hiddenFromDiscovery joinRequestsPausedUntil reports { id } flags { id } actions { id action } } }`,
  dismiss: `mutation D($input: DismissReportInput!) { dismissReport(input: $input) { ${ACTION_FIELDS} } }`,
  warn: `mutation W($input: WarnUserInput!) { warnUser(input: $input) { ${ACTION_FIELDS} } }`,
  remove: `mutation Rm($input: RemoveContentInput!) { removeContent(input: $input) { ${ACTION_FIELDS} } }`,
  keep: `mutation K($input: KeepContentInput!) { keepContent(input: $input) { ${ACTION_FIELDS} } }`,
  cancel: `mutation C($input: CancelEventAsModeratorInput!) { cancelEventAsModerator(input: $input) { ${ACTION_FIELDS} } }`,
  suspend: `mutation S($input: SuspendUserInput!) { suspendUser(input: $input) { ${ACTION_FIELDS} } }`,
  restore: `mutation Rs($input: RestoreUserInput!) { restoreUser(input: $input) { ${ACTION_FIELDS} } }`,
  decide: `mutation Dc($input: DecideAppealInput!) { decideAppeal(input: $input) {
    appeal { id status decisionNote } counts { appeals } } }`,
  appeal: `mutation Ap($input: AppealModerationActionInput!) { appealModerationAction(input: $input) {
    appeal { id status text } action { id appealable appeal { id } } } }`,
  standing: `{ accountStanding { suspended suspendedUntil suspensionReason joinRequestsPausedUntil
    actions { id action reason until appealable moderator { id } appeal { id status } } } }`,
  report: `mutation Report($input: ReportUserInput!) { reportUser(input: $input) { report { id } } }`,
  request: `mutation Request($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id status check { verdict } } } }`,
  notifications: `{ notifications(first: 50) { nodes { id type text } } }`,
};

// Makes a user a moderator (or admin) the way `npm run admin` does, and drops the cached viewer.
export async function promote(app: TestApp, user: TestUser, role: 'moderator' | 'admin' = 'moderator') {
  await app.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  app.services.users.forget(user.sub);
}

export async function moderator(app: TestApp, role: 'moderator' | 'admin' = 'moderator') {
  const user = await app.newUser();
  await promote(app, user, role);
  return user;
}

// The data of a response that must have succeeded.
export function ok<T = any>(res: { data: T; errors?: unknown[] }): T {
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}

export async function notificationsOf(app: TestApp, who: TestUser) {
  const data = ok(await app.gql(DOCS.notifications, undefined, { token: who.token }));
  return data.notifications.nodes as { id: string; type: string; text: string }[];
}
