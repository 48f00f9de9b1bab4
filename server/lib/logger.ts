import { pino, type DestinationStream, type Logger } from 'pino';
import { currentScope } from './request-scope.ts';

export type { Logger };

// Every line written while a request is served carries its id and, for GraphQL, the operation's name
// (HTTP and WebSocket alike), whichever logger wrote it: services log through the root logger.
function scopeFields(): Record<string, string> {
  const scope = currentScope();
  if (!scope) return {};
  return scope.operationName
    ? { requestId: scope.requestId, operationName: scope.operationName }
    : { requestId: scope.requestId };
}

export function createLogger(level: string, name = 'squad', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { pid: process.pid },
    mixin: scopeFields,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Never write secrets: tokens, passwords and codes are cut from anything logged.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.Password',
        '*.code',
        '*.ConfirmationCode',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
