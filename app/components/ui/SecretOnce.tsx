import { Input } from "~/components/ui/Input";

export interface SecretOnceProps {
  /** The heading's id (the section is labelled by it). */
  id: string;
  /** The panel's `data-testid`. */
  testId: string;
  /** The heading ("Token “CI” created"). */
  title: string;
  /** Says the secret is shown this once. */
  hint: string;
  /** The secret itself, read-only, selected on focus. */
  secret: string;
  /** The secret field's accessible name. */
  secretLabel: string;
}

/**
 * A secret's one showing (a new API token, a webhook's signing secret, a rotated one): the action's
 * answer carries it once, this panel shows it in a read-only field that selects itself on focus.
 */
export function SecretOnce({ id, testId, title, hint, secret, secretLabel }: SecretOnceProps) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-2 rounded-lg border-2 border-primary p-4"
      data-testid={testId}
    >
      <h2 id={id} className="break-all font-bold">
        {title}
      </h2>
      <p className="text-sm">{hint}</p>
      <Input
        readOnly
        value={secret}
        aria-label={secretLabel}
        dir="ltr"
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
    </section>
  );
}
