import { useMoney } from "~/components/Price";
import { useTranslation } from "~/lib/use-translation";

/** A code's discount as the admin reads it: "10 %", "$5.00" or "Free shipping". */
export function useDiscountText(): (code: {
  kind: "percentage" | "fixed" | "free_shipping";
  value: number;
}) => string {
  const { t } = useTranslation();
  const money = useMoney();
  return (code) =>
    code.kind === "percentage"
      ? t("discounts.admin.percentOff", { value: code.value })
      : code.kind === "fixed"
        ? money(code.value)
        : t("discounts.freeShipping");
}
