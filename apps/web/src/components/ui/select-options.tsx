/** One choice of a select: the value it sends and the words it shows. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A select's options: `none` first (the value '': no choice made, or no filter), then one per choice. */
export function SelectOptions({ none, options }: { none?: string; options: readonly SelectOption[] }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
