import type { z } from "zod";
import { formConstraint } from "~/lib/form-constraint.server";
import { getStoreSettings, type StoreSettings } from "~/services/store/settings.server";

/** The store settings' columns that hold a text (a page's English or Arabic body). */
type TextColumn = {
  [K in keyof StoreSettings]: StoreSettings[K] extends string ? K : never;
}[keyof StoreSettings];

/**
 * The server half of a store-settings page made only of bilingual text areas (About Us, Terms &
 * Privacy; the client half is TextSettingsPage): `load`, the loader's body (the texts the schema
 * names, from the store's settings, and the form's constraint), and `form`, the schema form's
 * options (save them, back to the page). The route still declares its guard with each:
 * `adminLoader("settings.edit", page.load)`, `schemaFormAction("settings.edit", page.form)`.
 */
export function textSettingsPage<Shape extends Partial<Record<TextColumn, z.ZodTypeAny>>>(
  schema: z.ZodObject<Shape>,
  save: (storeId: string, value: z.output<z.ZodObject<Shape>>) => Promise<void>,
  path: string,
) {
  const names = Object.keys(schema.shape) as (keyof Shape & TextColumn)[];
  return {
    load: async ({ store }: { store: { id: string } }) => {
      const settings = await getStoreSettings(store.id);
      return {
        values: Object.fromEntries(names.map((name) => [name, settings[name]])) as Record<
          keyof Shape,
          string
        >,
        constraint: formConstraint(schema),
      };
    },
    form: {
      schema,
      save: (value: z.output<z.ZodObject<Shape>>, { store }: { store: { id: string } }) =>
        save(store.id, value),
      success: { path },
    },
  };
}
