import { Router } from 'express';
import type { Database } from '#db/client.ts';
import { readOutbox } from './mailer.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// /dev/mailbox (HTML) and /dev/mailbox.json (newest first): the embedded mailer's outbox, for local
// use and tests. Not mounted in production.
export function devMailboxRouter(db: Database): Router {
  const router = Router();
  router.get('/mailbox.json', async (_req, res, next) => {
    try {
      const mails = await readOutbox(db);
      res.setHeader('Cache-Control', 'no-store');
      res.json(
        mails.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          createdAt: m.createdAt.toISOString(),
        })),
      );
    } catch (err) {
      next(err);
    }
  });
  router.get('/mailbox', async (_req, res, next) => {
    try {
      const mails = await readOutbox(db);
      const items = mails
        .map(
          (
            m,
          ) => `<article><header><strong>${escape(m.subject)}</strong><span>${escape(m.to)} · ${m.createdAt.toLocaleString('tr-TR', { timeZone: 'Europe/Istanbul' })}</span></header>
<iframe sandbox srcdoc="${escape(m.html)}"></iframe></article>`,
        )
        .join('\n');
      res.setHeader('Cache-Control', 'no-store');
      res.type('html')
        .send(`<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Squad · Geliştirici posta kutusu</title>
<style>body{font-family:system-ui,sans-serif;background:#0f0b1a;color:#eee;margin:0;padding:24px}h1{font-size:20px}
article{background:#1c1530;border-radius:12px;margin:0 0 16px;padding:12px}header{display:flex;justify-content:space-between;gap:12px;margin-bottom:8px}
header span{color:#aaa;font-size:13px}iframe{width:100%;height:360px;border:0;background:#fff;border-radius:8px}</style></head>
<body><h1>Geliştirici posta kutusu (${mails.length})</h1><p>SMTP_URL ayarlı değilken gönderilen e-postalar burada görünür.</p>${items || '<p>Henüz e-posta yok.</p>'}</body></html>`);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
