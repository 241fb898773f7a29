import type { LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";

export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = context.tenant;
  if (tenant.kind === "unknown") throw new Response("Store not found", { status: 404 });
  return { tenant: tenant.kind === "store" ? { name: tenant.store.name } : null };
}

export default function App() {
  const { tenant } = useLoaderData<typeof loader>();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <p>{tenant?.name ?? "platform"}</p>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
