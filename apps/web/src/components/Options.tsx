import { humanize } from '../format.js';

/** A select's options, one per value, each labelled `label(value)`: the value in words by default. */
export function Options({
  values,
  label = humanize,
}: {
  values: readonly string[];
  label?: (value: string) => string;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
