import crypto from 'node:crypto';
import { cognitoErrors as E } from './cognito-errors.ts';
import { normalizeEmail, str, type IdentityCore, type RequestMeta } from './identity-core.service.ts';
import { keyedHash, sameHash } from './secrets.ts';
import {
  claimSignature,
  deriveVerifier,
  openBlock,
  parseTimestamp,
  poolName,
  sealBlock,
  serverSession,
} from './srp.ts';

// How long the PASSWORD_VERIFIER challenge may be answered (Cognito's session lasts 3 to 15 minutes).
export const SRP_CHALLENGE_TTL_SECONDS = 5 * 60;

// What the sealed SECRET_BLOCK carries from InitiateAuth to RespondToAuthChallenge: the account whose
// verifier was used (null for a stand-in), the USER_ID_FOR_SRP, the address asked for (the counters
// of ADR 053 are the address's), the session key, when, and which verifier (a password changed in
// between ends the challenge).
type BlockState = { s: string | null; u: string; e: string; k: string; t: number; v: string };

function blockState(value: unknown): BlockState | null {
  if (!value || typeof value !== 'object') return null;
  const b = value as Record<string, unknown>;
  const ok =
    (b.s === null || typeof b.s === 'string') &&
    typeof b.u === 'string' &&
    typeof b.e === 'string' &&
    typeof b.k === 'string' &&
    typeof b.t === 'number' &&
    typeof b.v === 'string';
  return ok ? (b as BlockState) : null;
}

// A version-4 shaped UUID from 16 bytes (a stand-in's USER_ID_FOR_SRP looks like a real sub).
function uuidFrom(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// USER_SRP_AUTH (ADR 065): InitiateAuth answers the PASSWORD_VERIFIER challenge, RespondToAuthChallenge
// checks the client's proof. The server keeps nothing between the two: the state travels sealed in the
// SECRET_BLOCK, and a block is taken once (a shared counter, so on every replica).
export function srpFlow(core: IdentityCore) {
  const { repo, deps, codeKey, now, checkClient, checkSecret, issueTokens, rememberDevice } = core;
  const pool = poolName(deps.userPoolId);
  const fingerprint = (verifier: string) => keyedHash(codeKey, `srp-verifier:${verifier}`).slice(0, 22);

  // For an unknown address, or an account without a verifier (Google only, or older than SRP and not
  // signed in by password since): a salt and user id that stay the same for the address, and a
  // verifier no password matches. The challenge looks like any other; the proof fails as a wrong
  // password does, and counts as one.
  function standIn(email: string, sub?: string) {
    const seed = crypto.createHmac('sha256', codeKey).update(`srp-stand-in:${email}`).digest();
    const userId = sub ?? uuidFrom(seed);
    return { userId, ...deriveVerifier(pool, userId, crypto.randomBytes(24).toString('hex'), seed) };
  }

  async function initiate(params: Record<string, unknown>) {
    const email = normalizeEmail(params.USERNAME);
    const srpA = str(params.SRP_A);
    if (!srpA) throw E.invalidParameter('Missing required parameter SRP_A');
    const account = await repo.accountByEmail(email);
    const own =
      account?.srpSalt && account.srpVerifier
        ? { userId: account.sub, salt: account.srpSalt, verifier: account.srpVerifier }
        : undefined;
    const used = own ?? standIn(email, account?.sub);
    const session = serverSession(srpA, used.verifier);
    if (!session) throw E.invalidParameter('Invalid SRP_A value.');
    const state: BlockState = {
      s: own ? own.userId : null,
      u: used.userId,
      e: email,
      k: session.key.toString('base64'),
      t: now().getTime(),
      v: own ? fingerprint(own.verifier) : '',
    };
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: used.salt,
        SRP_B: session.B,
        SECRET_BLOCK: sealBlock(codeKey, state),
        USERNAME: used.userId,
        USER_ID_FOR_SRP: used.userId,
      },
    };
  }

  async function respond(body: Record<string, unknown>, meta: RequestMeta) {
    checkClient(body.ClientId);
    if (body.ChallengeName !== 'PASSWORD_VERIFIER')
      throw E.invalidParameter(`Unsupported ChallengeName ${String(body.ChallengeName)}`);
    const answers = (body.ChallengeResponses ?? {}) as Record<string, unknown>;
    const block = str(answers.PASSWORD_CLAIM_SECRET_BLOCK);
    const signature = str(answers.PASSWORD_CLAIM_SIGNATURE);
    const timestamp = str(answers.TIMESTAMP);
    const username = str(answers.USERNAME);
    for (const [name, value] of Object.entries({ block, signature, timestamp, username })) {
      if (!value) throw E.invalidParameter(`Missing required parameter ${name}`);
    }
    if (!parseTimestamp(timestamp!)) throw E.invalidParameter('TIMESTAMP format is invalid.');
    const state = blockState(openBlock(codeKey, block!));
    if (!state || (username !== state.u && username!.toLowerCase() !== state.e))
      throw E.notAuthorized('Invalid session for the user.');
    if (state.t + SRP_CHALLENGE_TTL_SECONDS * 1000 <= now().getTime())
      throw E.notAuthorized('Invalid session for the user, session is expired.');
    // One answer per challenge: a proof seen on the wire cannot be sent again.
    const once = await deps.limiter.reserve([
      { key: `srp-block:${keyedHash(codeKey, block!)}`, limit: 1, windowSeconds: SRP_CHALLENGE_TTL_SECONDS },
    ]);
    if (!once.allowed) throw E.notAuthorized('Invalid session for the user.');
    const account = await repo.accountByEmail(state.e);
    await checkSecret(
      state.e,
      account,
      meta,
      async () => {
        const expected = claimSignature(Buffer.from(state.k, 'base64'), pool, state.u, block!, timestamp!);
        const proven = sameHash(signature!, expected);
        return (
          proven &&
          state.s !== null &&
          account?.sub === state.s &&
          !!account.srpVerifier &&
          fingerprint(account.srpVerifier) === state.v
        );
      },
      E.passwordAttemptsExceeded,
    );
    if (account!.status !== 'CONFIRMED') throw E.notConfirmed();
    rememberDevice(account!, meta);
    return {
      ChallengeParameters: {},
      AuthenticationResult: await issueTokens(account!, { authTime: now(), withRefresh: true }),
    };
  }

  return { initiate, respond };
}
