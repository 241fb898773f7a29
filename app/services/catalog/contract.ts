/**
 * The catalogue's contract with the pages (issue 40): the view types its loaders answer and its
 * components render. Plain types, no server code, so a component imports them from here and never
 * from a `.server` module; the services import them too and re-export them for their callers.
 */
import type { ReviewStatus } from "~/lib/review-states";
import type { CatalogProblem, CatalogQuery } from "~/lib/validation/catalog";
import type { StockState } from "~/lib/stock";
import type { VariantOption } from "~/lib/variants";

export interface GalleryImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

export interface ProductDetail {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: { slug: string; name: string } | null;
  images: GalleryImage[];
  /** Minor units before any sale. */
  priceCents: number;
  /** What the shopper pays per unit; below priceCents when a sale applies. */
  salePriceCents: number;
  currency: string;
  stock: number;
  stockState: StockState;
  shadeHex: string | null;
  colorFamily: string | null;
  /** The product's options in order, each value's words in the page's language; empty without options. */
  options: {
    position: number;
    name: string;
    /** The schema.org property the option is (structured data's `variesBy`), from its English name. */
    property: VariesBy | null;
    values: { id: string; label: string; soldOut: boolean }[];
  }[];
  /**
   * Active variants (one for a product without options): what the add-to-cart form can post and
   * what the page shows when one is chosen (price, stock, picture).
   */
  variants: {
    id: string;
    sku: string | null;
    priceCents: number;
    salePriceCents: number;
    stock: number;
    valueIds: (string | null)[];
    /** The variant's own picture, shown first when it is chosen. */
    image: GalleryImage | null;
  }[];
  reviews: ReviewView[];
  summary: ReviewSummary;
  viewer: {
    inWishlist: boolean;
    cartQuantity: number;
    ownReview: OwnReview | null;
  } | null;
}

/**
 * A variant as the product page's loader sends it to the browser: what the picker and the buying
 * box use. The SKU stays on the server (the structured data shows it, the page does not), the
 * picture is left out when there is none, and the value ids stop at the product's last option:
 * with a hundred variants that is a third less loader data to encode into every page (issue 19).
 */
export interface PageVariant {
  id: string;
  priceCents: number;
  salePriceCents: number;
  stock: number;
  /** One per option (index 0 = option 1). */
  valueIds: (string | null)[];
  image?: GalleryImage;
}

/** The product as its page's loader answers it (variants as PageVariant). */
export type ProductPageData = Omit<ProductDetail, "variants"> & { variants: PageVariant[] };

/** The shopper's own review, in any state: held and hidden ones are shown to them alone, marked. */
export interface OwnReview {
  rating: number;
  title: string;
  comment: string;
  status: ReviewStatus;
  /** ISO timestamp. */
  createdAt: string;
}

/** schema.org properties a product group can vary by, which Google reads. */
export type VariesBy = "size" | "color" | "material" | "pattern";

/** What the product page shows of a review: the reviewer's name, never their internal user id. */
export interface ReviewView {
  id: string;
  reviewer: string;
  rating: number;
  title: string;
  comment: string;
  /** ISO timestamp; formatted in the page's locale. */
  createdAt: string;
  verifiedBuyer: boolean;
  /** The store's public answer, if any. */
  reply: string | null;
}

export interface ReviewSummary {
  count: number;
  /** Rounded to one decimal; null when unrated. */
  average: number | null;
  /** Count per rating, index 0 is 5 stars down to index 4 for 1 star. */
  distribution: { stars: number; count: number }[];
}

export interface AdminReviewRow {
  id: string;
  productName: string;
  productSlug: string;
  productActive: boolean;
  shopper: string;
  email: string;
  rating: number;
  title: string;
  comment: string;
  createdAt: string;
  verifiedBuyer: boolean;
  status: ReviewStatus;
  reply: string | null;
}

export interface AdminProductImage {
  /** The product_images row (what the edit page's buttons name). */
  id: string;
  imageId: string;
  altEn: string;
  altAr: string;
}

/** What applying does to variants the file does not hold (the preview's summary says it). */
export interface MissingVariants {
  deleted: number;
  deactivated: number;
  /** Left as they are: the import was not told to delete them. */
  untouched: number;
}

export interface ImportRowError {
  /** The CSV column the error is about, or null for the row as a whole. */
  column: string | null;
  key: string;
  params?: Record<string, string | number>;
}

/** Something the row's product will undergo besides its rows (variants deleted or deactivated…). */
export interface ImportNote {
  key: string;
  count: number;
  /** What it is about, in both languages (variant labels, option or value names). */
  items: { en: string; ar: string }[];
}

export interface ImportRowReport {
  /** The row's line in the file (the header is line 1). */
  line: number;
  slug: string;
  nameEn: string;
  nameAr: string;
  /** The variant's option values as the row gives them (empty for a product without options). */
  options: VariantOption[];
  sku: string | null;
  /** Every value of the row that is valid, even when another one is not. */
  priceCents: number | null;
  stock: number | null;
  action: RowAction;
  errors: ImportRowError[];
  notes: ImportNote[];
}

export type RowAction = "create" | "update" | "unchanged";

/** A product as a listing shows it (a card). */
export interface CatalogProduct {
  id: string;
  slug: string;
  name: string;
  /** Minor units before any sale (components format it, see ~/components/Price). */
  priceCents: number;
  /** What the shopper pays after the best running sale; below priceCents when on sale. */
  salePriceCents: number;
  shadeHex: string | null;
  colorFamily: string | null;
  stock: StockState;
  /** First image (lowest position), for the card; null when the product has none. */
  imageId: string | null;
  /** Its variants differ in price: the card's prices are the lowest ("From $x"). */
  priceVaries: boolean;
}

export type ListingProblem = CatalogProblem | "subIgnored";

export interface ListingCategoryRef {
  slug: string;
  name: string;
  description: string;
}

export interface ListingPageData {
  kind: "listing";
  query: CatalogQuery;
  problems: ListingProblem[];
  listing: {
    products: CatalogProduct[];
    total: number;
    prevCursor: string | null;
    nextCursor: string | null;
  };
  /** For the filter form: every category with its subs, names only. */
  categories: { slug: string; name: string; subcategories: { slug: string; name: string }[] }[];
  category: (ListingCategoryRef & { subcategories: ListingCategoryRef[] }) | null;
  subcategory: ListingCategoryRef | null;
}
