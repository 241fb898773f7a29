import { Button } from "~/components/ui/Button";

/** "← Back to …" as a link-styled button: the arrow turns round in Arabic, and is not read out. */
export function BackButton({ to, label }: { to: string; label: string }) {
  return (
    <Button to={to} variant="link">
      <span aria-hidden="true" className="inline-block rtl:rotate-180">
        ←
      </span>
      {label}
    </Button>
  );
}
