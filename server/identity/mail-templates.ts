import { escapeHtml as escape, mailLayout as layout } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

export function verificationMail(to: string, link: string): Mail {
  const subject = "Squad'a hoş geldin! E-postanı doğrula 📧";
  const text = `Selam!

Squad hesabını açtın, harika! Hesabını etkinleştirmek için şu bağlantıya tıkla:

${link}

Bağlantı 24 saat geçerli. Bu hesabı sen açmadıysan bu e-postayı görmezden gelebilirsin.

Squad ekibi`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Selam! Squad hesabını açtın, harika 🎉</p>
<p style="margin:0 0 24px">Hesabını etkinleştirmek için e-posta adresini doğrula:</p>
<p style="margin:0 0 24px"><a href="${escape(link)}" style="display:inline-block;background:linear-gradient(90deg,#7c3aed,#db2777);color:#fff;text-decoration:none;font-weight:700;padding:14px 24px;border-radius:12px">E-postamı doğrula</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#b9b3d6">Buton çalışmazsa bu bağlantıyı tarayıcına yapıştır:</p>
<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${escape(link)}" style="color:#c4b5fd">${escape(link)}</a></p>
<p style="margin:0;font-size:13px;color:#b9b3d6">Bağlantı 24 saat geçerli.</p>`,
  );
  return { to, subject, text, html };
}

export function resetCodeMail(to: string, code: string): Mail {
  const subject = 'Squad şifre sıfırlama kodun';
  const text = `Selam!

Şifreni sıfırlamak için kodun: ${code}

Kod 1 saat geçerli ve yalnızca bir kez kullanılabilir. Bu isteği sen yapmadıysan şifren güvende, bu e-postayı görmezden gelebilirsin.

Squad ekibi`;
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Selam! Şifreni sıfırlamak için kodun:</p>
<p style="margin:0 0 24px;font-size:34px;font-weight:800;letter-spacing:8px;color:#fff">${escape(code)}</p>
<p style="margin:0;font-size:13px;color:#b9b3d6">Kod 1 saat geçerli ve yalnızca bir kez kullanılabilir. Bu isteği sen yapmadıysan şifren güvende.</p>`,
  );
  return { to, subject, text, html };
}
