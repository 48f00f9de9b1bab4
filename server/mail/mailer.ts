import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '#db/client.ts';
import { mailOutbox } from '#db/schema/index.ts';
import type { Logger } from '#server/lib/logger.ts';

export type Mail = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

// SMTP when SMTP_URL is set; otherwise mails are kept in the database outbox (read at /dev/mailbox).
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db.insert(mailOutbox).values(mail);
      options.logger.info({ to: mail.to, subject: mail.subject }, 'mail stored in the outbox');
    },
  };
}

export async function readOutbox(db: Database, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
