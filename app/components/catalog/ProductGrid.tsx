import { ProductCard, type ProductCardData } from "../ProductCard";

/** Cards in the widest layout's first row load at once; the rest only when scrolled near. */
const FIRST_ROW = 4;

export function ProductGrid({
  products,
  labelledBy,
  headingLevel,
  eagerFirstRow = true,
}: {
  products: (ProductCardData & { id: string })[];
  labelledBy?: string;
  /** The cards' heading level: one below the heading that labels the grid. */
  headingLevel: 2 | 3;
  eagerFirstRow?: boolean;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            eager={eagerFirstRow && index < FIRST_ROW}
          />
        </li>
      ))}
    </ul>
  );
}
