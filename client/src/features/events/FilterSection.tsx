import type { ReactNode } from 'react';
import { Chip } from '#client/components/ui/Chip.tsx';
import { toggle } from '#client/features/events/filters.ts';

export function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-xs font-semibold tracking-wide text-ink-300 uppercase">{title}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

// One of `options` or none. With `anyLabel` a first chip stands for none; without it, pressing the
// chosen chip again clears the choice.
export function ChoiceChips<T extends string | number>({
  options,
  value,
  onChange,
  label,
  anyLabel,
}: {
  options: readonly T[];
  value: T | null | undefined;
  onChange: (value: T | null) => void;
  label: (option: T) => string;
  anyLabel?: string;
}) {
  return (
    <>
      {anyLabel !== undefined && (
        <Chip selected={value == null} onClick={() => onChange(null)}>
          {anyLabel}
        </Chip>
      )}
      {options.map((o) => (
        <Chip
          key={o}
          selected={value === o}
          onClick={() => onChange(anyLabel === undefined && value === o ? null : o)}
        >
          {label(o)}
        </Chip>
      ))}
    </>
  );
}

// Any number of `options`, each chip toggling its own.
export function ToggleChips<T extends string>({
  options,
  values,
  onChange,
  label,
}: {
  options: readonly T[];
  values: readonly T[];
  onChange: (values: T[]) => void;
  label: (option: T) => string;
}) {
  return (
    <>
      {options.map((o) => (
        <Chip key={o} selected={values.includes(o)} onClick={() => onChange(toggle(values, o))}>
          {label(o)}
        </Chip>
      ))}
    </>
  );
}
