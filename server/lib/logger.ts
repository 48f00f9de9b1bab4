import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, name = 'squad'): Logger {
  return pino({
    name,
    level,
    base: { pid: process.pid },
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
  });
}
