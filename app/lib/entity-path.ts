/** The path of a page that creates a record instead of editing one (`/admin/sales/new`). */
export const NEW_PATH = "new";
