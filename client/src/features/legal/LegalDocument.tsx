import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '#client/components/ui/Logo.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

export type LegalSection = { title: string; body: ReactNode };

export const LEGAL_UPDATED = '2026-01-15';

// A long-form legal text in the app's language (Turkish and English say the same).
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const { t, fmt, locale } = useI18n();
  useDocumentTitle(title);
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/login" aria-label={t('legal.back')}>
          <Logo />
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <article
          lang={locale}
          className="rounded-3xl border border-ink-700 bg-ink-850/85 p-6 shadow-2xl shadow-black/30 sm:p-10"
        >
          <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{title}</h1>
          <p className="mt-2 text-sm text-ink-300">
            {t('legal.updated', { date: fmt.date(`${LEGAL_UPDATED}T12:00:00Z`) })}
          </p>
          <div className="mt-6 space-y-4 leading-relaxed text-ink-200">{intro}</div>
          <nav
            aria-label={t('legal.contents')}
            className="mt-8 rounded-2xl border border-ink-700 bg-ink-900/60 p-4"
          >
            <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-300">
              {sections.map((section, index) => (
                <li key={section.title}>
                  <a href={`#bolum-${index + 1}`} className="hover:text-white">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section, index) => (
            <section key={section.title} id={`bolum-${index + 1}`} className="mt-10 scroll-mt-6">
              <h2 className="text-lg font-bold text-white">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-ink-200 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
                {section.body}
              </div>
            </section>
          ))}
        </article>
      </main>
    </div>
  );
}
