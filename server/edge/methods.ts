/**
 * Only the methods a browser form and a page need reach the app (issue 8). Anything else
 * (TRACE, PUT, DELETE, PROPFIND, …) is refused here with 405, before Remix or a route can
 * mistake it for a GET or an action. OPTIONS is answered here too: the app serves no
 * cross-origin API, so there is nothing for a preflight to learn beyond `Allow`.
 */
import type { RequestHandler } from "express";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
const ALLOW = ALLOWED_METHODS.join(", ");

export const allowedMethods: RequestHandler = (req, res, next) => {
  const method = req.method.toUpperCase();
  if (method === "OPTIONS") {
    res.status(204).set("Allow", ALLOW).end();
    return;
  }
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    res.status(405).set("Allow", ALLOW).type("text/plain").send("Method not allowed");
    return;
  }
  next();
};
