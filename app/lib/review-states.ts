/** A review's states (decision 024), shared by the admin list's filter and the server. */
export const REVIEW_STATUSES = ["published", "held", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
