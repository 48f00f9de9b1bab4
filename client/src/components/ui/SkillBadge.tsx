import type { HTMLAttributes } from 'react';
import type { SkillLevel } from '#client/__generated__/graphql.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Skill badge colours (spec §9): Beginner green, Intermediate yellow, Advanced red; Pro violet.
const SKILL_CLASSES: Record<SkillLevel, string> = {
  BEGINNER: 'bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-400/40',
  INTERMEDIATE: 'bg-yellow-400/15 text-yellow-200 ring-1 ring-yellow-300/40',
  ADVANCED: 'bg-rose-500/15 text-rose-300 ring-1 ring-rose-400/40',
  PRO: 'bg-violet-500/20 text-violet-200 ring-1 ring-violet-400/40',
};

// The coloured skill pill of event cards, the event page and the wizard's preview.
export function SkillBadge({
  level,
  className,
  ...rest
}: { level: SkillLevel } & HTMLAttributes<HTMLSpanElement>) {
  const { t } = useI18n();
  return (
    <span
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', SKILL_CLASSES[level], className)}
      {...rest}
    >
      {t(`skill.${level}`)}
    </span>
  );
}
