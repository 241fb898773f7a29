import { Form } from "@remix-run/react";
import { TitledSection } from "~/components/admin/TitledSection";
import { NewImagesField } from "~/components/admin/NewImagesField";
import { Button } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";
import { useTranslation } from "~/lib/use-translation";
import type { AdminProductImage } from "~/services/catalog/contract";

/**
 * The product's images in order, each a small form of its own (ADR 012: each change writes at
 * once): alt texts in both languages, a step up or down, removal.
 */
export function ProductImages({
  images,
  uploadError,
}: {
  images: AdminProductImage[];
  uploadError: string | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <TitledSection
      headingId="images-heading"
      title={t("admin.products.sections.images")}
      id="images"
      className="flex flex-col gap-4 rounded-lg border border-line p-4 sm:p-6"
    >
      <p className="text-muted">{t("admin.products.imagesIntro")}</p>
      {images.length === 0 ? <p className="text-muted">{t("admin.products.imagesEmpty")}</p> : null}
      <ol className="flex flex-col gap-4">
        {images.map((image, index) => {
          const label = t("admin.products.imageNumber", { n: index + 1 });
          const idFor = (name: string) => `image-${image.id}-${name}`;
          return (
            <li key={image.id} className="rounded-md border border-line p-3">
              <Form method="post" preventScrollReset className="flex flex-col gap-3 sm:flex-row">
                <input type="hidden" name="imageRowId" value={image.id} />
                <img
                  src={`/resources/image?url=/images/${image.imageId}&w=256`}
                  alt={(i18n.language === "ar" ? image.altAr : image.altEn) || label}
                  width={128}
                  height={128}
                  loading="lazy"
                  className="size-32 shrink-0 rounded object-cover"
                />
                <div className="flex grow flex-col gap-3">
                  <p className="font-bold">{label}</p>
                  <div className="grid gap-3 md:grid-cols-2">
                    {(["en", "ar"] as const).map((lang) => {
                      const name = lang === "en" ? "altEn" : "altAr";
                      return (
                        <label key={lang} htmlFor={idFor(name)} className="flex flex-col gap-1">
                          <span className="text-sm font-bold">{t(`admin.products.fields.${name}`)}</span>
                          <Input
                            id={idFor(name)}
                            name={name}
                            defaultValue={image[name]}
                            maxLength={200}
                            dir={lang === "ar" ? "rtl" : "ltr"}
                            lang={lang}
                          />
                        </label>
                      );
                    })}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {(
                      [
                        ["image-save", "saveAlt", "primary", false],
                        ["image-up", "moveUp", "secondary", index === 0],
                        ["image-down", "moveDown", "secondary", index === images.length - 1],
                        ["image-remove", "removeImage", "danger", false],
                      ] as const
                    ).map(([intent, key, variant, disabled]) => (
                      <Button
                        key={intent}
                        size="sm"
                        variant={variant}
                        name="intent"
                        value={intent}
                        disabled={disabled}
                        aria-label={`${t(`admin.products.${key}`)}: ${label}`}
                      >
                        {t(`admin.products.${key}`)}
                      </Button>
                    ))}
                  </div>
                </div>
              </Form>
            </li>
          );
        })}
      </ol>
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="flex flex-col gap-3 rounded-md border border-dashed border-line p-3"
      >
        <NewImagesField id="product-images" error={uploadError} />
        <div>
          <Button name="intent" value="images-add" variant="secondary">
            {t("admin.products.upload")}
          </Button>
        </div>
      </Form>
    </TitledSection>
  );
}
