import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/use-translation";
import { buttonClass } from "~/components/ui/Button";
import { useOptionalRootData } from "~/lib/root-data";

const NAV_LINK = buttonClass({ variant: "nav", className: "justify-start whitespace-nowrap" });

/** "Cart", or "Cart (2)" with the lines in the signed-in shopper's cart. */
export function useCartLabel(): string {
  const { t } = useTranslation();
  const count = useOptionalRootData()?.cartCount ?? 0;
  return count ? t("storeNav.cartWithCount", { count }) : t("storeNav.cart");
}

/**
 * The store's main links, in the header and in the phone's menu drawer. The cart link is left
 * out below 640 px, where the header row has its own (`cart={false}` leaves it out altogether).
 */
export function StoreNavLinks({
  className,
  cart = true,
  onNavigate,
}: {
  className?: string;
  cart?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const cartLabel = useCartLabel();
  const links = [
    { to: "/products", label: t("header.allProducts") },
    { to: "/categories", label: t("storeNav.categories") },
    { to: "/wishlist", label: t("storeNav.wishlist") },
  ];
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={NAV_LINK} onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
      {cart ? (
        <li className="max-sm:hidden">
          <Link to="/cart" className={NAV_LINK} onClick={onNavigate}>
            {cartLabel}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
