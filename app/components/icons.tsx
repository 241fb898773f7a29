/**
 * The storefront's few line icons (24 × 24, stroke in the text colour). Always decorative: the
 * control that shows one carries the name (visible text or aria-label).
 */
type IconName = "menu" | "search" | "cart" | "close" | "filter";

const PATHS: Record<IconName, string> = {
  menu: "M4 6h16M4 12h16M4 18h16",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4",
  cart: "M3 4h2l2.4 11h10.8L21 8H7M10 20h.01M17 20h.01",
  close: "M6 6l12 12M18 6L6 18",
  filter: "M4 6h16M7 12h10M10 18h4",
};

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      // A cart is drawn as pushed forwards: to the left in Arabic.
      className={name === "cart" ? "shrink-0 rtl:-scale-x-100" : "shrink-0"}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
