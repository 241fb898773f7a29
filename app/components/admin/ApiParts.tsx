import { ActionNotice } from "~/components/admin/ActionNotice";
import { SecretOnce } from "~/components/ui/SecretOnce";
import { useTranslation } from "~/lib/use-translation";

/**
 * The secrets the API pages show once: the answer's field that carries it (which also names the
 * panel's texts, `<texts>.<answer>Title` given the token's name or the webhook's address,
 * `<texts>.<answer>Hint`, and the field's label `<texts>.secret`), the panel's heading id and
 * test id.
 */
const SECRETS = {
  token: { answer: "created", texts: "admin.api", id: "new-token-title", testId: "new-token" },
  webhook: { answer: "created", texts: "webhooks", id: "new-webhook-title", testId: "new-webhook" },
  rotated: { answer: "rotated", texts: "webhooks", id: "rotated-title", testId: "new-webhook-secret" },
} as const;

/**
 * The action's answer on the API pages: its refusal's notice, then the secret it carries this
 * once (`shows`: a new token, a new webhook's signing secret, a rotated one).
 */
export function SecretAnswer({ data, shows }: { data: unknown; shows: keyof typeof SECRETS }) {
  const { answer, texts, id, testId } = SECRETS[shows];
  const titleParam = texts === "admin.api" ? "name" : "url";
  const { t } = useTranslation();
  const shown =
    data && typeof data === "object" && answer in data
      ? (data as Record<typeof answer, Record<typeof titleParam | "secret", string>>)[answer]
      : null;
  return (
    <>
      <ActionNotice data={data} />
      {shown ? (
        <SecretOnce
          id={id}
          testId={testId}
          title={t(`${texts}.${answer}Title`, { [titleParam]: shown[titleParam] })}
          hint={t(`${texts}.${answer}Hint`)}
          secret={shown.secret}
          secretLabel={t(`${texts}.secret`)}
        />
      ) : null}
    </>
  );
}

/** A token's or a webhook's name cell: its name (a webhook's address), then the start of its secret, muted. */
export function SecretStartCell(props: ({ name: string } | { url: string }) & { start: string }) {
  return (
    <span className="flex flex-col">
      {"url" in props ? (
        <bdi dir="ltr" className="break-all font-bold">
          {props.url}
        </bdi>
      ) : (
        <span className="font-bold" dir="auto">
          {props.name}
        </span>
      )}
      <bdi dir="ltr" className="font-mono text-sm text-muted">
        {props.start}…
      </bdi>
    </span>
  );
}
