import type { DocumentOnly } from "~/lib/document-only";
import type { PageTemplate } from "~/http/page-template.server";
import type { Locale } from "~/lib/i18n";
import type { Viewer } from "~/services/identity/viewer.server";
import type { Tenant } from "~/services/store/tenancy.server";

/** Reads the loaders of one GET share (Remix hands each loader its own copy of the Request). */
export interface RequestShared {
  /** The signed-in session with the header's cart count (http/guards.server.ts). */
  session?: Promise<Viewer | null>;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    tenant: Tenant;
    /** The client's address, for rate limits (the proxy's first hop when TRUST_PROXY=1). */
    clientAddress: string;
    /** The reader's language, resolved once per request (`?lng=`, cookie, store default, en). */
    locale: Locale;
    /** This response's Content-Security-Policy nonce, for inline scripts (server.ts sets it). */
    cspNonce?: string;
    /** The request's id, as in its log line and `X-Request-Id` (server.ts sets it). */
    requestId?: string;
    /**
     * A new object per request, set by server.ts. Contexts that tests build once and reuse for
     * many requests leave it out, and each loader then reads for itself.
     */
    shared?: RequestShared;
    /**
     * What the page's HTML carries and its loader data does not (lib/document-only.ts): a new object
     * per document request (createLoadContext), none for a `.data` request, which renders no HTML.
     */
    documentOnly?: DocumentOnly;
    /**
     * Set by the page cache when it renders the shared copy of a signed-in page (decision 031):
     * the request carries no session, and the personal parts come from here as tokens.
     */
    pageTemplate?: PageTemplate;
  }
}

export {};
