import { useId, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

export type SliderProps = {
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  label: ReactNode;
  // Shown next to the label, e.g. "4 kişi".
  valueText?: string;
  disabled?: boolean;
  className?: string;
};

// A native range input: keyboard (arrows, Home/End, PageUp/PageDown) and screen readers for free.
export function Slider({
  value,
  onValueChange,
  min,
  max,
  step = 1,
  label,
  valueText,
  disabled,
  className,
}: SliderProps) {
  const id = useId();
  const percent = max > min ? ((value - min) / (max - min)) * 100 : 0;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className="font-medium text-ink-200">
          {label}
        </label>
        <output htmlFor={id} className="font-semibold text-white tabular-nums">
          {valueText ?? value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={valueText}
        onChange={(e) => onValueChange(Number(e.target.value))}
        className="h-2 w-full cursor-pointer appearance-none rounded-full accent-fuchsia-500 disabled:cursor-not-allowed"
        style={{
          background: `linear-gradient(90deg, var(--color-accent-500) 0%, var(--color-pop-500) ${percent}%, var(--color-ink-600) ${percent}%)`,
        }}
      />
    </div>
  );
}
