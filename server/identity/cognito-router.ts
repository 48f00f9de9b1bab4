import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { pickLocale } from '#server/lib/i18n.ts';
import type { Logger } from '#server/lib/logger.ts';
import { CognitoError, cognitoErrors } from './cognito-errors.ts';
import type { RequestMeta } from './identity-core.service.ts';
import { COGNITO_OPERATIONS, type IdentityService } from './identity.service.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';

function send(res: Response, status: number, body: unknown) {
  res.status(status).setHeader('Content-Type', AMZ_JSON).send(JSON.stringify(body));
}

function sendError(res: Response, err: CognitoError) {
  res.setHeader('x-amzn-ErrorType', `${err.type}:`);
  res.setHeader('x-amzn-ErrorMessage', err.message);
  if (err.retryAfterSeconds !== undefined) {
    // Cognito itself says nothing about when; the extra field lets Squad's client say how long to wait.
    res.setHeader('Retry-After', String(err.retryAfterSeconds));
    send(res, err.status, {
      __type: err.type,
      message: err.message,
      retryAfterSeconds: err.retryAfterSeconds,
    });
    return;
  }
  send(res, err.status, { __type: err.type, message: err.message });
}

// Device tokens (ADR 053) travel as HttpOnly cookies only this endpoint sees, one per account the
// device signed in to: the SPA keeps them without holding them, and scripts cannot read them.
const DEVICE_COOKIE = 'squad.device.';
const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 3600;

function deviceTokens(header: string | undefined): string[] {
  const tokens: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || !part.slice(0, eq).trim().startsWith(DEVICE_COOKIE)) continue;
    tokens.push(part.slice(eq + 1).trim());
  }
  return tokens;
}

export type CognitoRouterOptions = { cookiePath?: string; secureCookies?: boolean };

// POST /cognito/ with X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>, answered the way the
// Cognito user-pool API answers, so the AWS SDK and the SPA's client talk to it unchanged.
export function cognitoRouter(
  identity: IdentityService,
  logger: Logger,
  options: CognitoRouterOptions = {},
): Router {
  const cookieAttributes = [
    `Path=${options.cookiePath ?? '/cognito'}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secureCookies ? ['Secure'] : []),
  ].join('; ');
  const router = Router();
  router.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader(
      'Access-Control-Allow-Headers',
      'Content-Type, X-Amz-Target, X-Amz-User-Agent, X-Amz-Date, X-Amz-Security-Token, Authorization, amz-sdk-invocation-id, amz-sdk-request, Cache-Control',
    );
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader(
      'Access-Control-Expose-Headers',
      'x-amzn-ErrorType, x-amzn-ErrorMessage, x-amzn-RequestId, Retry-After',
    );
    res.setHeader('x-amzn-RequestId', req.id);
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next();
  });
  router.post(
    '/',
    express.json({ type: () => true, limit: '64kb' }),
    (err: unknown, _req: Request, res: Response, next: NextFunction) => {
      if (!err) return next();
      sendError(res, new CognitoError('SerializationException', 'Malformed request body.'));
    },
    async (req: Request, res: Response) => {
      const target = req.header('x-amz-target') ?? '';
      const op = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      if (!(COGNITO_OPERATIONS as readonly string[]).includes(op))
        return sendError(res, cognitoErrors.unknownOperation(op || target));
      const body =
        req.body && typeof req.body === 'object' && !Array.isArray(req.body)
          ? (req.body as Record<string, unknown>)
          : {};
      try {
        // Called with .call(identity) below, so `this` stays the service.
        // eslint-disable-next-line @typescript-eslint/unbound-method
        const handler = identity[op as (typeof COGNITO_OPERATIONS)[number]] as (
          this: IdentityService,
          b: Record<string, unknown>,
          m: RequestMeta,
        ) => Promise<unknown>;
        const meta: RequestMeta = {
          ip: req.ip ?? 'unknown',
          locale: pickLocale(req.header('accept-language')),
          deviceTokens: deviceTokens(req.header('cookie')),
          rememberDevice: (tag, token) =>
            res.append('Set-Cookie', `${DEVICE_COOKIE}${tag}=${token}; ${cookieAttributes}`),
        };
        send(res, 200, await handler.call(identity, body, meta));
      } catch (err) {
        if (err instanceof CognitoError) {
          req.log.info({ op, error: err.type }, 'identity operation refused');
          return sendError(res, err);
        }
        logger.error({ err, op }, 'identity operation failed');
        sendError(res, cognitoErrors.internal());
      }
    },
  );
  router.all('/', (_req, res) => sendError(res, new CognitoError('UnknownOperationException', 'Use POST.')));
  return router;
}
