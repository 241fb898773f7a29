import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useMatches, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Document } from "~/components/Document";
import { MessagePage } from "~/components/MessagePage";
import { StoreClosed } from "~/components/StoreClosed";
import { PlatformLayout } from "~/components/PlatformLayout";
import { StoreLayout } from "~/components/StoreLayout";
import { lastI18n } from "~/lib/i18n";
import { useOptionalRootData } from "~/lib/root-data";
import { seo } from "~/lib/seo";
import {
  isShellErrorData,
  type ClosedNotice,
  type RootData,
  type Shell,
  type ShellErrorData,
  type Site,
} from "~/lib/shell";
import { buildShell } from "~/lib/shell.server";
import { getToast } from "~/lib/toast.server";
import { closedNotice, closedStoreFor, gateHeaders } from "~/http/gate.server";
import { getOptionalSession } from "~/http/guards.server";
import { pageTemplateOf } from "~/http/page-template.server";
import { avatarInitial } from "~/lib/avatar";
import { shellSettings } from "~/services/store/settings.server";
import appCss from "~/styles/app.css?url";
import { errorFields, logger } from "~/lib/log.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// A refusal caught by the root's error boundary keeps its Retry-After on `.data` requests too.
export { headers } from "~/http/headers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = context.tenant;
  const { toast, headers } = await getToast(request);
  const shell = await buildShell(request, tenant, headers);
  const year = new Date().getFullYear();

  if (tenant.kind === "unknown") {
    throw data<ShellErrorData>({ shell, reason: "store-not-found" }, { status: 404, headers });
  }
  if (tenant.kind === "platform") {
    return data<RootData>({ shell, site: { kind: "platform", year }, toast, viewer: null }, { headers });
  }

  const closure = closedStoreFor(request, context);
  if (closure) {
    // Only the notice, in the visitor's language; no store data is read.
    for (const [name, value] of Object.entries(gateHeaders())) headers.set(name, value);
    throw data<ShellErrorData>(
      { shell, reason: "store-closed", closed: closedNotice(closure) },
      { status: 503, headers },
    );
  }

  const { store } = tenant;
  let site: Site;
  let viewer: RootData["viewer"] = null;
  let cartCount = 0;
  try {
    // The shared copy of a signed-in page (decision 031): tokens the page cache fills per viewer.
    const template = pageTemplateOf(context);
    if (template) {
      const { name, initial, isAdmin, imageId } = template.viewer;
      viewer = { name, initial, isAdmin, imageId };
      cartCount = template.cartCount;
    } else {
      const session = await getOptionalSession(request, context);
      const user = session?.user;
      cartCount = session?.cartLineCount ?? 0;
      viewer = user
        ? { name: user.name, initial: avatarInitial(user.name), isAdmin: user.isAdmin, imageId: user.imageId }
        : null;
    }
    site = {
      kind: "store",
      name: store.name,
      slug: store.slug,
      logoImageId: store.branding.logoImageId,
      currency: store.currency,
      timeZone: store.timeZone,
      year,
      settings: shellSettings(store.settings, shell.locale),
    };
  } catch (error) {
    // Rethrown with the shell so the error page still has its language, theme and colours.
    logger.error(errorFields(error), "root loader: signed-in user");
    throw data<ShellErrorData>({ shell, reason: "error" }, { status: 500, headers });
  }
  return data<RootData>({ shell, site, toast, viewer, cartCount }, { headers });
}

export const meta: MetaFunction = ({ matches, error }) =>
  seo({
    matches,
    error,
    page: error ? (t) => t(`meta.${errorKind(error)}`) : undefined,
  });

/**
 * Routes whose module exports `handle = { chrome: false }` (the admin area, for one) bring their
 * own frame instead of the store header and footer.
 */
export interface ShellHandle {
  chrome?: boolean;
}

function useChrome(): boolean {
  return !useMatches().some((match) => (match.handle as ShellHandle | undefined)?.chrome === false);
}

function Frame({ shell, site, children }: { shell: Shell; site: Site; children: ReactNode }) {
  const chrome = useChrome();
  if (!chrome) return <>{children}</>;
  if (site.kind === "store") {
    return (
      <StoreLayout shell={shell} site={site}>
        {children}
      </StoreLayout>
    );
  }
  return (
    <PlatformLayout shell={shell} year={site.year}>
      {children}
    </PlatformLayout>
  );
}

export default function App() {
  const { shell, site, toast } = useLoaderData<typeof loader>();
  return (
    <Document shell={shell} toast={toast}>
      <Frame shell={shell} site={site}>
        <Outlet />
      </Frame>
    </Document>
  );
}

type ErrorKind = "storeNotFound" | "storeClosed" | "pageNotFound" | "forbidden" | "error";

function errorKind(error: unknown): ErrorKind {
  if (isRouteErrorResponse(error)) {
    if (isShellErrorData(error.data) && error.data.reason === "store-not-found") return "storeNotFound";
    if (isShellErrorData(error.data) && error.data.reason === "store-closed") return "storeClosed";
    // A child's own gate refusal (a data request that skipped the root loader).
    if (error.status === 503) return "storeClosed";
    if (error.status === 404) return "pageNotFound";
    if (error.status === 403) return "forbidden";
  }
  return "error";
}

/**
 * Which closed notice a 503 means: the root's own says it in `closed`, a child's gate refusal in
 * its notice's params; an expired subscription when neither says.
 */
function closedNoticeOf(error: unknown): ClosedNotice | null {
  if (!isRouteErrorResponse(error)) return null;
  const payload = error.data as { closed?: ClosedNotice; notice?: { params?: ClosedNotice } } | null;
  return payload?.closed ?? payload?.notice?.params ?? null;
}

function ErrorContent({
  kind,
  status,
  closed,
}: {
  kind: ErrorKind;
  status: number;
  closed: ClosedNotice | null;
}) {
  const { t } = useTranslation();
  if (kind === "storeNotFound") {
    return (
      <MessagePage
        status={404}
        title={t("notFound.store")}
        message={t("error.storeNotFoundMessage")}
        homeLink={false}
      />
    );
  }
  if (kind === "storeClosed") return <StoreClosed notice={closed} />;
  if (kind === "forbidden") {
    return (
      <MessagePage status={403} title={t("error.forbiddenTitle")} message={t("error.forbiddenMessage")} />
    );
  }
  if (kind === "pageNotFound") {
    return <MessagePage status={404} title={t("notFound.page")} message={t("error.pageNotFoundMessage")} />;
  }
  return <MessagePage status={status} title={t("error.title")} message={t("error.message")} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useOptionalRootData();
  const kind = errorKind(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;

  // A child route failed: the root's data is intact, so the page keeps its header and footer.
  if (root) {
    return (
      <Document shell={root.shell}>
        <Frame shell={root.shell} site={root.site}>
          <ErrorContent kind={kind} status={status} closed={closedNoticeOf(error)} />
        </Frame>
      </Document>
    );
  }
  // The root itself refused (unknown host, session lookup failed): it threw its shell.
  const thrown = isRouteErrorResponse(error) && isShellErrorData(error.data) ? error.data : null;
  if (thrown) {
    return (
      <Document shell={thrown.shell}>
        <main id="main" className="grow">
          <ErrorContent kind={kind} status={status} closed={closedNoticeOf(error)} />
        </main>
      </Document>
    );
  }
  return <LastResortError status={status} />;
}

/** No loader data at all (e.g. the network failed mid-navigation): whatever dictionary we have. */
function LastResortError({ status }: { status: number }) {
  const i18n = lastI18n();
  const title = i18n?.t("error.title");
  return (
    <html lang={i18n?.language ?? "en"} dir={i18n?.dir() ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=6" />
        <title>{title ?? String(status)}</title>
      </head>
      <body>
        <main>
          <h1>{title ?? status}</h1>
          {i18n ? (
            <p>
              <a href="/">{i18n.t("error.goHome")}</a>
            </p>
          ) : null}
        </main>
      </body>
    </html>
  );
}
