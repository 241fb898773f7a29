/**
 * The setup most integration files share: a fresh database holding two small stores, so a test
 * can act in one and prove the other saw nothing (tenant isolation), with the load context a
 * request to each store's host would get.
 *
 *     let db: TestDb, alpha: StoreFixture, beta: StoreFixture, ctx: AppLoadContext;
 *     beforeAll(async () => ({ db, alpha, beta, alphaCtx: ctx } = await openTwoStores()));
 *     afterAll(() => db.dispose());
 */
import type { AppLoadContext } from "@remix-run/node";
import { createTestDb, type TestDb } from "./db";
import { createStoreFixture, type StoreFixture } from "./fixtures";
import { contextFor } from "./routes";

export interface TwoStores {
  db: TestDb;
  alpha: StoreFixture;
  beta: StoreFixture;
  /** A request's context on alpha's subdomain (`<alpha slug>.localhost`). */
  alphaCtx: AppLoadContext;
  betaCtx: AppLoadContext;
}

type StoreOptions = Parameters<typeof createStoreFixture>[2];

export async function openTwoStores(
  options: { alpha?: string; beta?: string; alphaOptions?: StoreOptions; betaOptions?: StoreOptions } = {},
): Promise<TwoStores> {
  const db = await createTestDb();
  const alpha = await createStoreFixture(db, options.alpha ?? "alpha", options.alphaOptions);
  const beta = await createStoreFixture(db, options.beta ?? "beta", options.betaOptions);
  return {
    db,
    alpha,
    beta,
    alphaCtx: await contextFor(db, `${alpha.slug}.localhost`),
    betaCtx: await contextFor(db, `${beta.slug}.localhost`),
  };
}
