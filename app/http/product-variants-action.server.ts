/**
 * The product edit page's options and variants forms (issue 19), told apart by `intent` (entries
 * of the page's `intentAction`): save the options, generate variants, save the variants, a bulk
 * price or stock change, and one variant's delete / activate / deactivate. Each answers in its own
 * section (`form`), with its status; a product or variant of another store is the page's 404 and
 * changes nothing.
 */
import { data } from "@remix-run/node";
import type { FormNotice } from "~/lib/notice";
import { currencyDigits } from "~/lib/money";
import { redirectWithToast } from "~/lib/toast.server";
import {
  bulkVariantsSchema,
  generateVariantsSchema,
  optionsFormSchema,
  variantActionSchema,
  variantsFormSchema,
} from "~/lib/validation/variants-admin";
import {
  bulkSetVariants,
  deleteVariant,
  generateVariants,
  saveOptions,
  saveVariants,
  setVariantActive,
  type VariantsRefusal,
} from "~/services/catalog/variants-admin.server";
import type { z } from "zod";
import { notFoundPage as notFound, pathKey } from "./entity.server";
import type { ShopperArgs, WithForm } from "./handlers.server";
import { SCHEMA_FORM } from "./intent-action.server";
import { listIntentReply, parseListForm } from "./submission.server";

type SectionForm = "options" | "variants" | "bulk" | "variant";

/** A refusal of one of the variants section's forms: shown in that section, with its status. */
function sectionAnswer(
  form: SectionForm,
  status: number,
  notice: FormNotice | null,
  result: ReturnType<ReturnType<typeof parseListForm>["reply"]> | null = null,
) {
  return data({ form, result, notice, imagesError: null }, { status });
}

/** What a refusal of the variants service says, in the admin's language where it names something. */
function refusalNotice(
  refusal: Exclude<VariantsRefusal, { error: "not-found" }>,
  locale: "en" | "ar",
): FormNotice {
  switch (refusal.error) {
    case "ordered-value":
      return {
        key: "adminVariants.errors.orderedValue",
        params: { value: locale === "ar" ? refusal.valueAr : refusal.valueEn },
      };
    case "ordered-option":
      return {
        key: "adminVariants.errors.orderedOption",
        params: { option: locale === "ar" ? refusal.nameAr : refusal.nameEn },
      };
    case "too-many":
      return { key: "adminVariants.errors.tooManyVariants", params: { count: refusal.count } };
  }
}

type Args = ShopperArgs & WithForm;

/** The product of the page's path (another store's is "not found" in the services below). */
const productOf = ({ params }: Args) => pathKey(params.id);
const toVariants = (args: Args) => `/admin/products/${productOf(args)}#variants`;

/** "Set price" / "Set stock" for all variants or the ticked ones (one form, two buttons). */
async function bulkVariants(_: unknown, args: Args) {
  const { store, form } = args;
  const submission = parseListForm(form, bulkVariantsSchema(currencyDigits(store.currency)));
  if (submission.status !== "success") return sectionAnswer("bulk", 400, null, submission.reply());
  const { value } = submission;
  const done = await bulkSetVariants(
    store.id,
    productOf(args),
    value.intent === "bulk-price"
      ? { field: "price", value: value.price! }
      : { field: "stock", value: value.stock! },
    value.scope === "all" ? "all" : value.variantIds,
  );
  if (!done.ok) throw notFound();
  return redirectWithToast(toVariants(args), {
    key: "adminVariants.bulkDone",
    params: { count: done.count },
  });
}

/** One variant's row: delete, activate or deactivate it. */
async function changeVariant({ intent, variantId }: z.output<typeof variantActionSchema>, args: Args) {
  const { store } = args;
  const productId = productOf(args);
  if (intent === "variant-delete") {
    const deleted = await deleteVariant(store.id, productId, variantId);
    if (!deleted.ok) {
      if (deleted.error === "not-found") throw notFound();
      const key = deleted.error === "ordered" ? "orderedVariant" : "lastVariant";
      return sectionAnswer("variant", 409, { key: `adminVariants.errors.${key}` });
    }
    return redirectWithToast(toVariants(args), { key: "adminVariants.deleted" });
  }
  const active = intent === "variant-activate";
  const changed = await setVariantActive(store.id, productId, variantId, active);
  if (!changed.ok) throw notFound();
  return redirectWithToast(toVariants(args), {
    key: active ? "adminVariants.activated" : "adminVariants.deactivated",
  });
}

/** The variants section's intents, for the edit page's `intentAction`. */
export const variantsSectionIntents = {
  "save-options": [
    SCHEMA_FORM,
    async (_: unknown, args: Args) => {
      const { store, form, locale } = args;
      const submission = parseListForm(form, optionsFormSchema);
      if (submission.status === undefined) {
        return data({
          form: "options" as const,
          result: listIntentReply(submission),
          notice: null,
          imagesError: null,
        });
      }
      if (submission.status !== "success") return sectionAnswer("options", 400, null, submission.reply());
      const saved = await saveOptions(store.id, productOf(args), submission.value.options);
      if (!saved.ok) {
        if (saved.error === "not-found") throw notFound();
        return sectionAnswer("options", 409, refusalNotice(saved, locale), submission.reply());
      }
      return redirectWithToast(toVariants(args), { key: "toast.updateSuccess" });
    },
  ],
  "generate-variants": [
    generateVariantsSchema,
    async (_: unknown, args: Args) => {
      const made = await generateVariants(args.store.id, productOf(args));
      if (!made.ok) {
        if (made.error === "not-found") throw notFound();
        return sectionAnswer("variant", 422, refusalNotice(made, args.locale));
      }
      return made.created > 0
        ? redirectWithToast(toVariants(args), {
            key: "adminVariants.generated",
            params: { count: made.created },
          })
        : redirectWithToast(toVariants(args), { key: "adminVariants.nothingToGenerate", type: "info" });
    },
  ],
  "save-variants": [
    SCHEMA_FORM,
    async (_: unknown, args: Args) => {
      const { store, form } = args;
      const submission = parseListForm(form, variantsFormSchema(currencyDigits(store.currency)));
      if (submission.status !== "success") return sectionAnswer("variants", 400, null, submission.reply());
      const saved = await saveVariants(store.id, productOf(args), submission.value.variants);
      if (!saved.ok) {
        if (saved.error === "not-found") throw notFound();
        return sectionAnswer("variants", 400, null, submission.reply({ fieldErrors: saved.fieldErrors }));
      }
      return redirectWithToast(toVariants(args), { key: "toast.updateSuccess" });
    },
  ],
  "bulk-price": [SCHEMA_FORM, bulkVariants],
  "bulk-stock": [SCHEMA_FORM, bulkVariants],
  "variant-delete": [variantActionSchema, changeVariant],
  "variant-activate": [variantActionSchema, changeVariant],
  "variant-deactivate": [variantActionSchema, changeVariant],
} as const;
