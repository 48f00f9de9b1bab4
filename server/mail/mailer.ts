import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '#db/client.ts';
import { mailOutbox } from '#db/schema/index.ts';
import type { Logger } from '#server/lib/logger.ts';

// `private`: the log shows neither the recipient nor the subject (a trusted contact's address and
// the sharing user's name stay out of the logs, ADR 068).
export type Mail = { to: string; subject: string; text: string; html: string; private?: boolean };
const logged = (mail: Mail) => (mail.private ? { private: true } : { to: mail.to, subject: mail.subject });

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
        const { private: _private, ...message } = mail;
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info(logged(mail), 'mail sent');
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      options.logger.info(logged(mail), 'mail stored in the outbox');
    },
  };
}

export async function readOutbox(db: Database, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
