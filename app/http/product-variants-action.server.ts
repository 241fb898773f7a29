/**
 * The product edit page's options and variants forms (issue 19), told apart by `intent`: save the
 * options, generate variants, save the variants, a bulk price or stock change, and one variant's
 * delete / activate / deactivate. Each answers in its own section (`form`), with its status; a
 * product or variant of another store is the page's 404 and changes nothing.
 */
import { data } from "@remix-run/node";
import type { FormNotice } from "~/lib/notice";
import { currencyDigits } from "~/lib/money";
import { redirectWithToast } from "~/lib/toast.server";
import {
  BULK_INTENTS,
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
import { notFoundPage as notFound } from "./entity.server";
import type { ShopperArgs, WithForm } from "./handlers.server";
import { badRequest } from "./refusal.server";
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

/** The answer to one of the variants section's intents, or null when the intent is not one of them. */
export async function variantsSectionAction(
  { store, form, locale }: ShopperArgs & WithForm,
  productId: string,
  intent: FormDataEntryValue | null,
) {
  const back = `/admin/products/${productId}`;
  const toVariants = `${back}#variants`;

  if (intent === "save-options") {
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
    const saved = await saveOptions(store.id, productId, submission.value.options);
    if (!saved.ok) {
      if (saved.error === "not-found") throw notFound();
      return sectionAnswer("options", 409, refusalNotice(saved, locale), submission.reply());
    }
    return redirectWithToast(toVariants, { key: "toast.updateSuccess" });
  }

  if (intent === "generate-variants") {
    if (!generateVariantsSchema.safeParse(Object.fromEntries(form)).success) throw badRequest();
    const made = await generateVariants(store.id, productId);
    if (!made.ok) {
      if (made.error === "not-found") throw notFound();
      return sectionAnswer("variant", 422, refusalNotice(made, locale));
    }
    return made.created > 0
      ? redirectWithToast(toVariants, { key: "adminVariants.generated", params: { count: made.created } })
      : redirectWithToast(toVariants, { key: "adminVariants.nothingToGenerate", type: "info" });
  }

  if (intent === "save-variants") {
    const submission = parseListForm(form, variantsFormSchema(currencyDigits(store.currency)));
    if (submission.status !== "success") return sectionAnswer("variants", 400, null, submission.reply());
    const saved = await saveVariants(store.id, productId, submission.value.variants);
    if (!saved.ok) {
      if (saved.error === "not-found") throw notFound();
      return sectionAnswer("variants", 400, null, submission.reply({ fieldErrors: saved.fieldErrors }));
    }
    return redirectWithToast(toVariants, { key: "toast.updateSuccess" });
  }

  if (typeof intent === "string" && (BULK_INTENTS as readonly string[]).includes(intent)) {
    const submission = parseListForm(form, bulkVariantsSchema(currencyDigits(store.currency)));
    if (submission.status !== "success") return sectionAnswer("bulk", 400, null, submission.reply());
    const { value } = submission;
    const done = await bulkSetVariants(
      store.id,
      productId,
      value.intent === "bulk-price"
        ? { field: "price", value: value.price! }
        : { field: "stock", value: value.stock! },
      value.scope === "all" ? "all" : value.variantIds,
    );
    if (!done.ok) throw notFound();
    return redirectWithToast(toVariants, { key: "adminVariants.bulkDone", params: { count: done.count } });
  }

  if (typeof intent === "string" && intent.startsWith("variant-")) {
    const parsed = variantActionSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw badRequest();
    const { variantId } = parsed.data;
    if (parsed.data.intent === "variant-delete") {
      const deleted = await deleteVariant(store.id, productId, variantId);
      if (!deleted.ok) {
        if (deleted.error === "not-found") throw notFound();
        const key = deleted.error === "ordered" ? "orderedVariant" : "lastVariant";
        return sectionAnswer("variant", 409, { key: `adminVariants.errors.${key}` });
      }
      return redirectWithToast(toVariants, { key: "adminVariants.deleted" });
    }
    const active = parsed.data.intent === "variant-activate";
    const changed = await setVariantActive(store.id, productId, variantId, active);
    if (!changed.ok) throw notFound();
    return redirectWithToast(toVariants, {
      key: active ? "adminVariants.activated" : "adminVariants.deactivated",
    });
  }

  return null;
}
