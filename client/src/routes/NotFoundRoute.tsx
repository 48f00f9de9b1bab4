import { Link } from 'react-router-dom';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Logo } from '#client/components/ui/Logo.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

export function NotFoundRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('notFound.pageTitle'));
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-5 p-6 text-center">
      <Logo />
      <p className="text-gradient text-7xl font-black sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-white">{t('notFound.title')}</h1>
      <p className="max-w-sm text-ink-300">{t('notFound.text')}</p>
      <Link to="/" className={buttonClasses('primary', 'lg')}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
