import type { ReactNode } from "react";
import { Field } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import type { FieldState } from "~/lib/use-schema-form";

/**
 * One order line of a form that asks how many of its units (the shopper's return request, the
 * admin's refund): the line's name and facts, its id as `lines[index].orderItemId`, and the units
 * as `lines[index].quantity`, disabled when none are left. With `field` (a conform form) the units
 * show their error underneath; without, a plain number input (the storefront's form loads no
 * schema). `after` is what else the line asks (the refund's restock box).
 */
export function LineUnitsField({
  index,
  line,
  facts,
  label,
  left,
  field,
  after,
}: {
  index: number;
  line: { id: string; name: string };
  facts: string;
  label: string;
  /** Units that may still be asked for. */
  left: number;
  field?: FieldState;
  after?: ReactNode;
}) {
  return (
    <li
      className={`grid grid-cols-1 gap-2 rounded-md border border-line p-3 sm:items-end ${
        after ? "sm:grid-cols-[1fr_8rem_auto]" : "sm:grid-cols-[1fr_10rem]"
      }`}
    >
      <input type="hidden" name={`lines[${index}].orderItemId`} value={line.id} />
      <div className="min-w-0">
        <p className="font-bold break-words" dir="auto">
          {line.name}
        </p>
        <p className="text-sm text-muted">{facts}</p>
      </div>
      {field ? (
        <Field
          field={field}
          label={label}
          inputMode="numeric"
          dir="ltr"
          placeholder="0"
          disabled={left === 0}
        />
      ) : (
        <label className="flex flex-col gap-1">
          <span className="text-sm font-bold">{label}</span>
          <Input
            type="number"
            name={`lines[${index}].quantity`}
            min={0}
            max={left}
            defaultValue={0}
            inputMode="numeric"
            dir="ltr"
            disabled={left === 0}
          />
        </label>
      )}
      {after}
    </li>
  );
}
