import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/Button";

/** A centred message with a way home: not-found and error pages. */
export function MessagePage({
  title,
  message,
  status,
  homeLink = true,
}: {
  title: string;
  message: string;
  status?: number;
  homeLink?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      {status ? (
        <p className="text-6xl font-extrabold text-primary-ink" aria-hidden="true">
          {status}
        </p>
      ) : null}
      <h1 className="mt-4 text-3xl font-extrabold">{title}</h1>
      <p className="mt-3 text-lg text-muted">{message}</p>
      {homeLink ? (
        <Button to="/" className="mt-8">
          {t("error.goHome")}
        </Button>
      ) : null}
    </section>
  );
}
