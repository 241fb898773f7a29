import { cardImageUrl } from "~/lib/card-image";
import { Swatch } from "../ui/Swatch";

/**
 * A cart, checkout or order line's picture: the chosen variant's image, else the product's; a
 * product without any shows its shade, and only a product with neither a neutral box. The line's
 * name says what it is, so the picture is decoration (alt=""), the shade keeps its spoken name.
 */
export function LineImage({
  imageId,
  shade,
  size,
  className = "",
}: {
  imageId: string | null;
  shade?: { hex: string; label: string } | null;
  /** 64 in the cart, 48 in the summaries. */
  size: 48 | 64;
  className?: string;
}) {
  const box = `${size === 64 ? "size-16" : "size-12"} shrink-0 rounded-md ${className}`;
  if (imageId) {
    return (
      <img
        src={cardImageUrl(imageId, 128)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={`${box} border border-line object-cover`}
        data-testid="line-image"
      />
    );
  }
  if (shade) return <Swatch hex={shade.hex} label={shade.label} className={box} />;
  return <span aria-hidden="true" className={`block bg-secondary/15 ${box}`} />;
}
