import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Switch } from './form-controls';

/*
 * The pieces the lorebook step's fields are made of (lore-entry.tsx, lorebook-step.tsx): a label
 * row, a field with its hint and problem, a switch row, and tiles for a choice.
 */

/** A labelled switch with its hint, as a row. */
export function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-4">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-muted mt-0.5 text-xs leading-relaxed">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onChange={onChange} describedBy={`${id}-hint`} />
    </div>
  );
}

export function Label({
  htmlFor,
  children,
  aside,
}: {
  htmlFor: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <label htmlFor={htmlFor} className="text-sm font-semibold">
        {children}
      </label>
      {aside}
    </div>
  );
}

/** Radio buttons drawn as tiles, two a row from the small tablet up. */
export function Tiles<T extends string>({
  name,
  legend,
  value,
  choices,
  onChange,
}: {
  name: string;
  legend: string;
  value: T;
  choices: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="border-line bg-surface-2 hover:bg-surface-3 has-checked:border-pink/70 has-checked:bg-pink/10 has-focus-visible:outline-2 has-focus-visible:outline-violet-300 flex min-h-11 cursor-pointer items-center rounded-xl border px-3 py-2 text-sm font-semibold leading-snug transition-colors duration-150"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export const Problem = ({ id, text }: { id: string; text: string | undefined }) =>
  text ? (
    <p id={id} className="text-danger mt-1.5 flex items-start gap-1.5 text-sm">
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  ) : null;

/**
 * A field of the step: its label (`aside` beside it: a counter), its hint, the control, and its
 * problem under it. The control describes itself by `${id}-hint` and `${id}-error`.
 */
export function LoreField({
  id,
  label,
  aside,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  aside?: ReactNode;
  hint?: ReactNode;
  problem: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id} aside={aside}>
        {label}
      </Label>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="text-muted mt-1 text-xs leading-relaxed">
          {hint}
        </p>
      )}
      {children}
      <Problem id={`${id}-error`} text={problem} />
    </div>
  );
}
