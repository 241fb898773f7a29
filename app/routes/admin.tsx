import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireAdmin } from "~/services/identity/auth.server";

/** Every /admin page needs an admin of this store (DESIGN §5); the full admin area comes later. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  return { admin: { name: admin.name, email: admin.email, imageId: admin.imageId } };
}

export default function AdminLayout() {
  return <Outlet />;
}
