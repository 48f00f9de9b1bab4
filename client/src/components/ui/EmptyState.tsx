import type { ReactNode } from 'react';

export function EmptyState({
  emoji,
  title,
  text,
  action,
}: {
  emoji: string;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-600 bg-ink-850/50 px-6 py-12 text-center">
      <span aria-hidden="true" className="text-4xl">
        {emoji}
      </span>
      <h3 className="text-lg font-bold text-white">{title}</h3>
      {text ? <p className="max-w-sm text-sm text-ink-300">{text}</p> : null}
      {action}
    </div>
  );
}
