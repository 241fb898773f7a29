import { ActionNotice } from "~/components/admin/ActionNotice";
import { SecretOnce } from "~/components/ui/SecretOnce";
import { useTranslation } from "~/lib/use-translation";

/**
 * The action's answer on the API pages: its refusal's notice, then the secret it carries this
 * once (a new token, a new webhook's signing secret, a rotated one). `answer` is the answer's
 * field that holds the secret and names the panel's texts: `<texts>.<answer>Title` (given the
 * answer's `titleParam`: a token's name, a webhook's address), `<texts>.<answer>Hint`, and the
 * field's label `<texts>.secret`.
 */
export function SecretAnswer({
  data,
  answer,
  texts,
  titleParam,
  id,
  testId,
}: {
  data: unknown;
  answer: "created" | "rotated";
  texts: "admin.api" | "webhooks";
  titleParam: "name" | "url";
  /** The panel's heading id. */
  id: string;
  /** The panel's `data-testid`. */
  testId: string;
}) {
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
