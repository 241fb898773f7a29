/**
 * The filters of the admin lists with more than a search (orders and its CSV export, reviews),
 * read with readListQuery: a value the list cannot use is dropped and named in `problems`, so a
 * hand-edited link shows the unfiltered list with a notice instead of failing.
 */
import { isCalendarDay } from "~/lib/calendar-day";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/lib/order-transitions";
import { REVIEW_STATUSES } from "~/lib/review-states";
import { uuidOrNull } from "~/lib/uuid";
import type { ReviewFilters } from "~/services/catalog/reviews-admin.server";
import type { OrderFilters } from "~/services/orders/admin-orders.server";
import { readListQuery } from "./list-query.server";

/** A filter value the orders list could not use: ignored, and said above the list. */
export type FilterProblem = "status" | "payment" | "startDate" | "endDate" | "dateOrder";

const calendarDay = (raw: string) => (isCalendarDay(raw) ? raw : null);

/** The orders list's filters (status, payment, a date range in the store's days, q). */
export function readOrderFilters(source: Request | URLSearchParams): {
  filters: OrderFilters;
  problems: FilterProblem[];
  cursor: string | null;
} {
  const { q, filters, problems, cursor } = readListQuery(source, {
    filters: {
      status: ORDER_STATUSES,
      payment: PAYMENT_STATUSES,
      startDate: calendarDay,
      endDate: calendarDay,
    },
  });
  let { startDate, endDate } = filters;
  const all: FilterProblem[] = problems;
  if (startDate && endDate && startDate > endDate) {
    all.push("dateOrder");
    startDate = null;
    endDate = null;
  }
  return {
    filters: { status: filters.status, payment: filters.payment, startDate, endDate, q },
    problems: all,
    cursor,
  };
}

/** A filter value the reviews list could not use: ignored, and said above the list. */
export type ReviewFilterProblem = "status" | "rating" | "product";

/** The reviews list's filters (state, rating, product, q). */
export function readReviewFilters(source: Request | URLSearchParams): {
  filters: ReviewFilters;
  problems: ReviewFilterProblem[];
  cursor: string | null;
} {
  const { q, filters, problems, cursor } = readListQuery(source, {
    filters: {
      status: REVIEW_STATUSES,
      rating: (raw: string) => (/^[1-5]$/.test(raw) ? Number(raw) : null),
      product: uuidOrNull,
    },
  });
  return {
    filters: { status: filters.status, rating: filters.rating, productId: filters.product, q },
    problems,
    cursor,
  };
}
