import type { ReactNode } from 'react';

/** One radio button of a group (`name`) with its label beside it; `onPick` when it is chosen. */
export function RadioChoice({
  name,
  value,
  checked,
  disabled,
  describedBy,
  onPick,
  children,
}: {
  name: string;
  value?: string;
  checked: boolean;
  disabled?: boolean;
  describedBy?: string;
  onPick: () => void;
  children: ReactNode;
}) {
  return (
    <label className="choice">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onPick}
        aria-describedby={describedBy}
      />
      {children}
    </label>
  );
}
