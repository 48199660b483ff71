import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** A chip: a native radio or checkbox drawn as a pill (arrow keys and Space work as usual). */
export const chipClass =
  'border-line bg-surface-2 text-fg hover:border-pink/50 has-checked:bg-accent has-checked:shadow-pink/20 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-violet-300 has-disabled:cursor-not-allowed has-disabled:opacity-45 has-checked:border-transparent has-checked:text-white has-checked:shadow-md relative inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors duration-150 select-none';

export interface ChipOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
  icon?: ReactNode;
}

interface ChipProps {
  type: 'radio' | 'checkbox';
  name: string;
  option: ChipOption;
  checked: boolean;
  onChange: () => void;
  testId?: string;
}

export function Chip({ type, name, option, checked, onChange, testId }: ChipProps) {
  return (
    <label className={chipClass} data-testid={testId}>
      <input
        type={type}
        name={name}
        value={option.value}
        checked={checked}
        disabled={option.disabled}
        onChange={onChange}
        className="sr-only"
      />
      {option.icon}
      <span>{option.label}</span>
    </label>
  );
}

interface ChipGroupProps {
  legend: ReactNode;
  /** Beside the legend: the current choice, a count, a hint. */
  aside?: ReactNode;
  hint?: ReactNode;
  name: string;
  options: readonly ChipOption[];
  value: string | null;
  onChange: (value: string) => void;
  className?: string;
  testId?: string;
}

/** One choice among chips: a fieldset of radios. */
export function ChipRadioGroup({
  legend,
  aside,
  hint,
  name,
  options,
  value,
  onChange,
  className,
  testId,
}: ChipGroupProps) {
  return (
    <fieldset className={cn('min-w-0', className)} data-testid={testId}>
      <GroupLegend legend={legend} aside={aside} />
      {hint}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <Chip
            key={option.value}
            type="radio"
            name={name}
            option={option}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

export function GroupLegend({ legend, aside }: { legend: ReactNode; aside?: ReactNode }) {
  return (
    <legend className="flex w-full items-baseline justify-between gap-3 text-sm font-semibold">
      <span>{legend}</span>
      {aside && <span className="text-muted truncate text-xs font-normal">{aside}</span>}
    </legend>
  );
}
