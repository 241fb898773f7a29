import type { FormNotice } from "~/lib/notice";

/** What a route's error boundary shows: a status and locale keys (with their parameters). */
export interface ErrorView {
  status: number;
  title: string;
  message: string;
  params?: Record<string, string | number>;
}

/** The shape of a thrown route response as Remix hands it to a boundary (isRouteErrorResponse). */
interface RouteErrorLike {
  status: number;
  data: unknown;
}

/**
 * Turns whatever a route threw into a message in the page's language. Refusals (DESIGN §8) carry
 * their own message as `{ notice }` and keep it; 404 and 403 have their own wording; any other
 * 4xx gets the generic bad-request text. Anything else is a fault of ours: a generic 500 that
 * never shows the error's own text (it may hold SQL or paths).
 */
export function errorView(
  error: unknown,
  isResponse: (error: unknown) => error is RouteErrorLike,
): ErrorView {
  if (!isResponse(error) || error.status >= 500) {
    return { status: 500, title: "error.title", message: "error.message" };
  }
  const notice = noticeOf(error.data);
  if (error.status === 404) {
    return {
      status: 404,
      title: "notFound.page",
      message: notice?.key ?? "error.pageNotFoundMessage",
      params: notice?.params,
    };
  }
  if (error.status === 403) {
    return {
      status: 403,
      title: "error.forbiddenTitle",
      message: notice?.key ?? "error.forbiddenMessage",
      params: notice?.params,
    };
  }
  return {
    status: error.status,
    title: "error.title",
    message: notice?.key ?? "errors.badRequest",
    params: notice?.params,
  };
}

function noticeOf(data: unknown): FormNotice | null {
  if (!data || typeof data !== "object" || !("notice" in data)) return null;
  const notice = (data as { notice: unknown }).notice;
  if (!notice || typeof notice !== "object" || typeof (notice as FormNotice).key !== "string") return null;
  return notice as FormNotice;
}
