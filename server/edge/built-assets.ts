/**
 * The production build's static files, served by path before anything else looks at a request,
 * and looked for only where they can be: Vite's fingerprinted files under `/assets/` (kept for a
 * year, immutable) and the few files of `public/` at the root (an hour), whose names are read
 * once at start. `express.static` at the root stat'ed a file for every page request before the
 * page was answered (~10 % of a cached page's CPU, decision 031's amendment).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

export function builtAssets(root: string): RequestHandler {
  const fingerprinted = express.static(path.join(root, "assets"), {
    immutable: true,
    maxAge: "1y",
    index: false,
    fallthrough: true,
  });
  const rootFiles = new Set(
    readdirSync(root, { withFileTypes: true, encoding: "utf8" })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const publicFiles = express.static(root, { maxAge: "1h", index: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const { path: requested } = req;
    if (requested.startsWith("/assets/")) {
      // As when mounted at /assets: the file's path below it.
      const url = req.url;
      req.url = url.slice("/assets".length);
      return fingerprinted(req, res, (error?: unknown) => {
        req.url = url;
        next(error);
      });
    }
    if (rootFiles.has(requested)) return publicFiles(req, res, next);
    next();
  };
}
