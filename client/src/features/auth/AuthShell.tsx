import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '#client/components/ui/Logo.tsx';
import { LanguageSwitch } from '#client/features/auth/LanguageSwitch.tsx';
import { cn } from '#client/lib/cn.ts';

// Frame of the signed-out pages: brand bar with the language switch, content centred.
export function AuthShell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/login" className="rounded-lg">
          <Logo />
        </Link>
        <LanguageSwitch />
      </header>
      <main
        className={cn(
          'mx-auto flex w-full flex-1 flex-col justify-center px-4 pb-10 sm:px-6',
          wide ? 'max-w-6xl' : 'max-w-md',
        )}
      >
        {children}
      </main>
    </div>
  );
}

export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section
      className={cn(
        'rounded-3xl border border-ink-700/80 bg-ink-850/85 p-6 shadow-2xl shadow-black/40 backdrop-blur sm:p-8',
        className,
      )}
    >
      {children}
    </section>
  );
}

export function Divider({ label }: { label: string }) {
  return (
    <div
      className="my-5 flex items-center gap-3 text-xs font-medium tracking-wide text-ink-300 uppercase"
      role="separator"
    >
      <span className="h-px flex-1 bg-ink-600" />
      <span>{label}</span>
      <span className="h-px flex-1 bg-ink-600" />
    </div>
  );
}
