import { CheckRow } from "~/components/ui/Checkbox";
import { PERMISSION_GROUPS, type Permission } from "~/lib/permissions";
import { useTranslation } from "~/lib/use-translation";

/**
 * Every permission as a checkbox named `name`, in the staff pages' groups (a role's permissions,
 * an API token's scopes). One the signed-in person may not grant is shown disabled.
 */
export function PermissionChecks({
  name,
  mayGrant,
  checked,
}: {
  name: string;
  mayGrant: (permission: Permission) => boolean;
  checked?: (permission: Permission) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {PERMISSION_GROUPS.map((group) => (
        <fieldset key={group.key} className="rounded-lg border border-line p-4">
          <legend className="px-1 font-bold">{t(`staffAdmin.groups.${group.key}`)}</legend>
          {group.permissions.map((permission) => (
            <CheckRow
              key={permission}
              name={name}
              value={permission}
              defaultChecked={checked?.(permission)}
              disabled={!mayGrant(permission)}
              label={t(`staffAdmin.permissions.${permission}`)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
