/**
 * Reading a products CSV (decision 027) into products, before the database is asked anything but
 * the store's categories: the header, each row checked with the product form's rules, and in the
 * variant layout the rows grouped by slug into one product with its options (declared by its
 * first row), values and variants. Every problem is put on its row; nothing here writes.
 */
import { CsvError, parseCsv } from "~/lib/csv";
import { suggestSlug } from "~/lib/slug";
import {
  CSV_FIELD,
  MAX_CSV_ROWS,
  PRODUCT_CSV_COLUMNS,
  productCsvRowSchema,
  type ProductCsvColumn,
  type ProductCsvRow,
} from "~/lib/validation/products-admin";
import {
  ANY_OPTION_COLUMN,
  imageIdOf,
  MAX_OPTIONS,
  MAX_VARIANTS,
  optionNameRule,
  optionValueRule,
  readActive,
  skuRule,
  VARIANT_CSV_COLUMNS,
} from "~/lib/validation/variant-csv";
import type { ImportRowError, ImportNote, ImportRowReport } from "./contract";
import type { RowAction } from "./contract";

export type { RowAction };

export type { ImportRowError, ImportNote, ImportRowReport };

export type FileError = { key: string; params?: Record<string, string | number> };

export interface FileValue {
  /** The English value, lower-cased: values are told apart without case. */
  key: string;
  valueEn: string;
  valueAr: string;
}

export interface FileOption {
  key: string;
  nameEn: string;
  nameAr: string;
  /** In the order the rows first name them. */
  values: FileValue[];
}

/** One row of a product: its variant as the file gives it (fields null when invalid). */
export interface FileRow {
  report: ImportRowReport;
  /** Index into each option's values, by option position; null where the row has none or a bad one. */
  valueIndexes: (number | null)[];
  priceCents: number | null;
  stock: number | null;
  sku: string | null;
  imageId: string | null;
  active: boolean;
}

/**
 * A product's own fields (its price and stock are its variants'). `taxClass` is null when the
 * file has no tax_class column: an updated product keeps its class, a new one is standard.
 */
export type ProductFields = Omit<ProductCsvRow, "price" | "stock" | "taxClass"> & {
  taxClass: ProductCsvRow["taxClass"] | null;
};

export interface FileProduct {
  slug: string;
  /** The product's fields as its first row gives them (null when they are invalid). */
  fields: ProductFields | null;
  categoryId: string | null;
  subcategoryId: string | null;
  options: FileOption[];
  rows: FileRow[];
}

export interface ReadFile {
  /** Whether the header has any variant column: rows are variants, grouped by slug. */
  variantLayout: boolean;
  products: FileProduct[];
  reports: ImportRowReport[];
}

export interface CategoryRef {
  id: string;
  slug: string;
  parentId: string | null;
}

const KNOWN_COLUMNS = new Set<string>([...PRODUCT_CSV_COLUMNS, ...VARIANT_CSV_COLUMNS]);
/** The product columns later rows of a product may leave blank (price and stock are per row). */
const PRODUCT_COLUMNS = PRODUCT_CSV_COLUMNS.filter((column) => column !== "price" && column !== "stock");
const COLUMN_OF_FIELD = Object.fromEntries(
  Object.entries(CSV_FIELD).map(([column, field]) => [field, column]),
) as Record<string, ProductCsvColumn>;
const E = (key: string) => `variantCsv.errors.${key}`;

interface Header {
  positions: Map<string, number>;
  /** option4_name and beyond: recognised so a row using them is told why it is refused. */
  extraOptions: { column: string; position: number }[];
}

function readHeader(header: string[]): Header | FileError {
  const positions = new Map<string, number>();
  const extraOptions: Header["extraOptions"] = [];
  for (const [position, raw] of header.entries()) {
    const column = raw.trim().toLowerCase();
    const option = ANY_OPTION_COLUMN.exec(column);
    if (option && Number(option[1]) > MAX_OPTIONS) {
      extraOptions.push({ column, position });
      continue;
    }
    if (!KNOWN_COLUMNS.has(column)) continue;
    if (positions.has(column)) return { key: "admin.products.import.duplicateColumn", params: { column } };
    positions.set(column, position);
  }
  const missing = ["name_en", "name_ar"].filter((column) => !positions.has(column));
  if (!positions.has("price") && !positions.has("variant_price")) missing.push("price");
  if (!positions.has("stock") && !positions.has("variant_stock")) missing.push("stock");
  if (missing.length > 0) {
    return { key: "admin.products.import.missingColumns", params: { columns: missing.join(", ") } };
  }
  return { positions, extraOptions };
}

/** The file's rows read and checked against its own content and the store's categories. */
export function readProductsCsv(
  text: string,
  currencyDigits: number,
  categories: CategoryRef[],
): ReadFile | { fileError: FileError } {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) {
      return { fileError: { key: `admin.products.import.${error.key}`, params: { line: error.line } } };
    }
    throw error;
  }
  const [headerCells, ...body] = table;
  if (!headerCells || body.length === 0) return { fileError: { key: "admin.products.import.empty" } };
  if (body.length > MAX_CSV_ROWS) {
    return { fileError: { key: "admin.products.import.tooManyRows", params: { max: MAX_CSV_ROWS } } };
  }
  const header = readHeader(headerCells);
  if (!("positions" in header)) return { fileError: header };
  const variantLayout =
    header.extraOptions.length > 0 || VARIANT_CSV_COLUMNS.some((column) => header.positions.has(column));

  const schema = productCsvRowSchema(currencyDigits);
  const shape = schema.innerType().shape;
  const categoryBySlug = new Map(categories.map((category) => [category.slug, category]));
  const cellsOf = (cells: string[]) => (column: string) => {
    const position = header.positions.get(column);
    return position === undefined ? "" : (cells[position] ?? "").trim();
  };

  // Rows of one slug make one product in the variant layout; in the product layout a slug twice
  // is an error, as it always was.
  // A row without any slug (no slug, no English name) is a product of its own, refused.
  const groups = new Map<string, { slug: string; lines: { cells: string[]; line: number }[] }>();
  const orphans: { cells: string[]; line: number; slug: string }[] = [];
  body.forEach((cells, index) => {
    const cell = cellsOf(cells);
    const slug = cell("slug").toLowerCase() || suggestSlug(cell("name_en"));
    const line = index + 2;
    const group = slug ? groups.get(slug) : undefined;
    if (group && variantLayout) group.lines.push({ cells, line });
    else if (group) orphans.push({ cells, line, slug });
    else groups.set(slug || `#${line}`, { slug, lines: [{ cells, line }] });
  });

  const products: FileProduct[] = [];
  const reports: ImportRowReport[] = [];
  const skus = new Map<string, number>();

  const readGroup = (slug: string, lines: { cells: string[]; line: number }[], duplicate: boolean) => {
    const firstCell = cellsOf(lines[0]!.cells);
    const product: FileProduct = {
      slug,
      fields: null,
      categoryId: null,
      subcategoryId: null,
      options: [],
      rows: [],
    };
    for (const [index, { cells, line }] of lines.entries()) {
      const own = cellsOf(cells);
      const later = index > 0;
      // A later row of the product may leave the product's columns blank: they are the first row's.
      const inherited = (column: string) => later && own(column) === "" && firstCell(column) !== "";
      const cell = (column: string) => (inherited(column) ? firstCell(column) : own(column));
      const errors: ImportRowError[] = [];
      if (cells.length !== headerCells.length)
        errors.push({ column: null, key: "admin.products.import.columnCount" });

      // The price and stock of this row's variant: variant_price/variant_stock, or price/stock.
      const amount = (variantColumn: string, column: "price" | "stock") => {
        const variantCell = own(variantColumn);
        const plain = own(column);
        const parse = (text: string) => {
          const result = shape[column].safeParse(text);
          return result.success ? (result.data as number) : null;
        };
        if (variantCell !== "" && plain !== "" && parse(variantCell) !== parse(plain)) {
          errors.push({
            column: variantColumn,
            key: E(column === "price" ? "priceConflict" : "stockConflict"),
          });
        }
        return variantCell !== ""
          ? { text: variantCell, column: variantColumn }
          : { text: plain, column: column as string };
      };
      const price = amount("variant_price", "price");
      const stock = amount("variant_stock", "stock");
      const record: Record<string, string> = {};
      for (const column of PRODUCT_COLUMNS) record[CSV_FIELD[column]] = cell(column);
      // The product's fields, apart from the row's price and stock (checked on their own, so a
      // bad price leaves the stock shown and the product's fields readable).
      const result = schema.safeParse({ ...record, price: "0", stock: "0" });
      if (!result.success) {
        for (const issue of result.error.issues) {
          const column = COLUMN_OF_FIELD[String(issue.path[0] ?? "")] ?? null;
          // A blank cell taken from the first row is wrong there, and said there.
          if (column && inherited(column)) continue;
          // An unknown tax class names its row and what it says (the row is refused, so is the file).
          const params = column === "tax_class" ? { line, value: cell("tax_class") } : undefined;
          errors.push({ column, key: issue.message, ...(params ? { params } : {}) });
        }
      }
      const priceResult = shape.price.safeParse(price.text);
      if (!priceResult.success)
        errors.push({ column: price.column, key: priceResult.error.issues[0]!.message });
      const stockResult = shape.stock.safeParse(stock.text);
      if (!stockResult.success)
        errors.push({ column: stock.column, key: stockResult.error.issues[0]!.message });
      const priceCents = priceResult.success ? priceResult.data : null;
      const stockCount = stockResult.success ? stockResult.data : null;
      const fields: ProductFields | null = result.success
        ? { ...withoutAmounts(result.data), ...(header.positions.has("tax_class") ? {} : { taxClass: null }) }
        : null;
      if (fields && !slug) errors.push({ column: "slug", key: "admin.products.errors.slugNeeded" });
      if (duplicate) errors.push({ column: "slug", key: "admin.products.import.duplicateSlug" });
      if (!later) product.fields = fields;
      else if (fields && product.fields) {
        // A later row that repeats the product's columns repeats them as the first row has them.
        for (const column of PRODUCT_COLUMNS) {
          const name = CSV_FIELD[column] as keyof ProductFields;
          if (own(column) !== "" && fields[name] !== product.fields[name]) {
            errors.push({ column, key: E("productDiffers") });
          }
        }
      }

      // Categories by slug, checked where the row names them itself.
      if (fields?.category && !inherited("category")) {
        const category = categoryBySlug.get(fields.category);
        if (!category || category.parentId !== null) {
          errors.push({ column: "category", key: "admin.products.import.unknownCategory" });
        } else if (!later) product.categoryId = category.id;
      }
      if (fields?.subcategory && !inherited("subcategory")) {
        const sub = categoryBySlug.get(fields.subcategory);
        const categoryId = fields.category ? categoryBySlug.get(fields.category)?.id : undefined;
        if (!sub || sub.parentId === null) {
          errors.push({ column: "subcategory", key: "admin.products.import.unknownSubcategory" });
        } else if (categoryId && sub.parentId !== categoryId) {
          errors.push({ column: "subcategory", key: "admin.products.errors.subNotInCategory" });
        } else if (!later) product.subcategoryId = sub.id;
      }

      const row: FileRow = {
        report: {
          line,
          slug,
          nameEn: fields?.nameEn ?? cell("name_en"),
          nameAr: fields?.nameAr ?? cell("name_ar"),
          options: [],
          sku: null,
          priceCents,
          stock: stockCount,
          action: "create",
          errors,
          notes: [],
        },
        valueIndexes: [],
        priceCents,
        stock: stockCount,
        sku: null,
        imageId: null,
        active: true,
      };
      if (variantLayout) readVariantCells(product, row, own, !later, header.extraOptions, cells, skus);
      product.rows.push(row);
      reports.push(row.report);
    }
    if (variantLayout) markCombinations(product);
    products.push(product);
  };

  for (const { slug, lines } of groups.values()) readGroup(slug, lines, false);
  for (const orphan of orphans) readGroup(orphan.slug, [orphan], true);
  reports.sort((a, b) => a.line - b.line);
  return { variantLayout, products, reports };
}

function withoutAmounts({ price: _price, stock: _stock, ...fields }: ProductCsvRow): ProductFields {
  return fields;
}

/** The row's options, SKU, image and active flag; the first row declares the options. */
function readVariantCells(
  product: FileProduct,
  row: FileRow,
  cell: (column: string) => string,
  first: boolean,
  extraOptions: Header["extraOptions"],
  cells: string[],
  skus: Map<string, number>,
) {
  const { errors } = row.report;
  const active = readActive(cell("variant_active"));
  if (active === undefined)
    errors.push({ column: "variant_active", key: "admin.products.errors.activeInvalid" });
  row.active = active ?? true;
  const check = (rule: typeof optionNameRule, column: string) => {
    const result = rule.safeParse(cell(column));
    if (!result.success) errors.push({ column, key: result.error.issues[0]!.message });
    return result.success;
  };
  if (first) {
    for (let n = 1; n <= MAX_OPTIONS; n++) {
      const nameEn = cell(`option${n}_name`);
      const nameAr = cell(`option${n}_name_ar`);
      if (nameEn === "" && nameAr === "") continue;
      if (nameEn === "") {
        errors.push({ column: `option${n}_name`, key: E("optionNameRequired") });
        continue;
      }
      check(optionNameRule, `option${n}_name`);
      check(optionNameRule, `option${n}_name_ar`);
      if (nameAr === "") errors.push({ column: `option${n}_name_ar`, key: E("optionNameArRequired") });
      if (product.options.length !== n - 1) {
        errors.push({ column: `option${n - 1}_name`, key: E("optionGap") });
        continue;
      }
      const key = nameEn.toLowerCase();
      if (product.options.some((option) => option.key === key)) {
        errors.push({ column: `option${n}_name`, key: E("duplicateOptionName") });
        continue;
      }
      product.options.push({ key, nameEn, nameAr, values: [] });
    }
  }
  const declared = product.options;
  for (let n = 1; n <= MAX_OPTIONS; n++) {
    const option = declared[n - 1];
    const nameEn = cell(`option${n}_name`);
    const nameAr = cell(`option${n}_name_ar`);
    const valueEn = cell(`option${n}_value`);
    const valueAr = cell(`option${n}_value_ar`);
    if (!option) {
      if (!first && (nameEn !== "" || nameAr !== "")) {
        errors.push({ column: `option${n}_name`, key: E("unknownOption") });
      } else if (valueEn !== "" || valueAr !== "") {
        errors.push({ column: `option${n}_value`, key: E("unknownOption") });
      }
      row.valueIndexes.push(null);
      continue;
    }
    if (!first && nameEn !== "" && nameEn.toLowerCase() !== option.key) {
      errors.push({ column: `option${n}_name`, key: E("unknownOption") });
    } else if (!first && nameAr !== "" && nameAr !== option.nameAr) {
      errors.push({ column: `option${n}_name_ar`, key: E("arDiffers") });
    }
    if (valueEn === "") {
      // An inactive variant may lack a value for an option added after it was sold.
      if (row.active) errors.push({ column: `option${n}_value`, key: E("optionValueRequired") });
      else if (valueAr !== "") errors.push({ column: `option${n}_value`, key: E("optionValueRequired") });
      row.valueIndexes.push(null);
      continue;
    }
    if (!check(optionValueRule, `option${n}_value`) || !check(optionValueRule, `option${n}_value_ar`)) {
      row.valueIndexes.push(null);
      continue;
    }
    const key = valueEn.toLowerCase();
    let index = option.values.findIndex((value) => value.key === key);
    if (index === -1) {
      if (valueAr === "") {
        errors.push({ column: `option${n}_value_ar`, key: E("valueArRequired") });
        row.valueIndexes.push(null);
        continue;
      }
      index = option.values.push({ key, valueEn, valueAr }) - 1;
    } else if (valueAr !== "" && valueAr !== option.values[index]!.valueAr) {
      errors.push({ column: `option${n}_value_ar`, key: E("arDiffers") });
    }
    row.valueIndexes.push(index);
    const value = option.values[index]!;
    row.report.options.push({
      nameEn: option.nameEn,
      nameAr: option.nameAr,
      valueEn: value.valueEn,
      valueAr: value.valueAr,
    });
  }
  if (extraOptions.some(({ position }) => (cells[position] ?? "").trim() !== "")) {
    const used = extraOptions.find(({ position }) => (cells[position] ?? "").trim() !== "")!;
    errors.push({ column: used.column, key: E("tooManyOptions"), params: { max: MAX_OPTIONS } });
  }

  const sku = cell("sku");
  if (sku !== "" && check(skuRule, "sku")) {
    const earlier = skus.get(sku);
    if (earlier !== undefined) {
      errors.push({ column: "sku", key: E("skuTwice"), params: { line: earlier } });
    } else skus.set(sku, row.report.line);
    row.sku = sku;
    row.report.sku = sku;
  }
  const image = cell("variant_image");
  if (image !== "") {
    row.imageId = imageIdOf(image);
    if (!row.imageId) errors.push({ column: "variant_image", key: E("imageInvalid") });
  }
}

/** A combination twice in a product, and the rows past the 100th variant, are refused. */
function markCombinations(product: FileProduct) {
  const seen = new Map<string, number>();
  for (const row of product.rows) {
    const optionError = row.report.errors.some((error) => error.column?.startsWith("option"));
    if (optionError) continue;
    const key = row.valueIndexes
      .slice(0, product.options.length)
      .map((index) => index ?? "-")
      .join("/");
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      row.report.errors.push({ column: null, key: E("duplicateCombination"), params: { line: earlier } });
      continue;
    }
    seen.set(key, row.report.line);
    if (seen.size > MAX_VARIANTS) {
      row.report.errors.push({ column: null, key: E("tooManyVariants"), params: { max: MAX_VARIANTS } });
    }
  }
}
