import { useId, type ReactNode } from 'react';

/**
 * A group of native radios (arrow keys move the choice, the browser announces it) under its
 * legend; `children` draws the choices, given the group's name for their radios.
 */
export function ChoiceGroup({
  legend,
  legendClassName,
  className,
  gridClassName,
  disabled,
  children,
}: {
  legend: string;
  legendClassName: string;
  className: string;
  gridClassName: string;
  disabled?: boolean | undefined;
  children: (name: string) => ReactNode;
}) {
  const name = useId();
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className={legendClassName}>{legend}</legend>
      <div className={gridClassName}>{children(name)}</div>
    </fieldset>
  );
}
