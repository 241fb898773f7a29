import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Input, Select } from "./Input";

/**
 * One filter of an admin list (DataTable's filter form, a picker's search): its label above the
 * control, the whole width on a phone and its own width from `sm` up.
 */
export function FilterField({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className={cn("flex w-full flex-col gap-1 sm:w-auto", className)}>
      <span className="font-bold">{label}</span>
      {children}
    </label>
  );
}

/** A list's search box (`q` by default, 200 characters), labelled as a filter. */
export function SearchInput({
  label,
  name = "q",
  maxLength = 200,
  ...rest
}: { label: string; defaultValue: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <FilterField label={label}>
      <Input type="search" name={name} maxLength={maxLength} {...rest} />
    </FilterField>
  );
}

/**
 * A list's choice filter: "all" first (its value `allValue`, "" unless the list's links say "all"),
 * then the allowed values with their labels.
 */
export function SelectFilter({
  label,
  name,
  value,
  all,
  allValue = "",
  options,
  className,
}: {
  label: string;
  name: string;
  value: string | number | null;
  all: string;
  allValue?: string;
  options: readonly (readonly [value: string | number, label: string])[];
  className?: string;
}) {
  return (
    <FilterField label={label}>
      <Select name={name} defaultValue={value ?? allValue} className={className}>
        <option value={allValue}>{all}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}
