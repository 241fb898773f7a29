import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";

const FEATURES = ["catalog", "orders", "brand"] as const;

/** The store builder's landing page on the platform host. */
export function PlatformLanding() {
  const { t } = useTranslation();
  return (
    <>
      <section className="bg-primary text-on-primary">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            {t("platform.headline")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg sm:text-xl">{t("platform.pitch")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/signup"
              className="inline-flex min-h-12 items-center rounded-md bg-page px-6 text-lg font-extrabold text-ink shadow hover:opacity-90"
            >
              {t("platform.createStore")}
            </Link>
            <Link
              to="/login"
              className="inline-flex min-h-12 items-center rounded-md border-2 border-current px-6 text-lg font-bold"
            >
              {t("platform.login")}
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="platform-features" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="platform-features" className="text-2xl font-extrabold">
          {t("platform.featuresHeading")}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature} className="rounded-lg border border-line bg-card p-5">
              <h3 className="text-lg font-bold">{t(`platform.features.${feature}Title`)}</h3>
              <p className="mt-2 text-muted">{t(`platform.features.${feature}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
