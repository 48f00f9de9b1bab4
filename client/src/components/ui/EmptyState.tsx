import type { ReactNode } from 'react';

export function EmptyState({
  emoji,
  title,
  text,
  action,
  level = 2,
}: {
  // The heading's level where it stands (most stand right under the page's h1).
  level?: 2 | 3;
  emoji: string;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-600 bg-ink-850/50 px-6 py-12 text-center">
      <span aria-hidden="true" className="text-4xl">
        {emoji}
      </span>
      <Heading className="text-lg font-bold text-white">{title}</Heading>
      {text ? <p className="max-w-sm text-sm text-ink-300">{text}</p> : null}
      {action}
    </div>
  );
}
