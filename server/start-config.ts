/**
 * server.ts's first import, so it runs before any module reads the configuration: the
 * environment is read and checked once (decision 021); a bad one stops the server with every
 * problem listed. Then the cookie secret is settled (decision 009) and the result fixed.
 */
import path from "node:path";
import { ConfigError, fixConfig, loadConfig } from "../app/lib/config.server";
import { prepareSessionSecret } from "../app/lib/cookies.server";

try {
  const loaded = loadConfig(process.env);
  const dataDir = "dataDir" in loaded.database ? loaded.database.dataDir : path.resolve(".data/pglite");
  // A real deployment brings its own cookie secret; the demo keeps one in its data dir.
  prepareSessionSecret(process.env, dataDir);
  fixConfig({ ...loaded, sessionSecret: process.env.SESSION_SECRET?.trim() || undefined });
} catch (error) {
  // Plain text, one problem a line, for the person whose start failed; the process ends here.
  // eslint-disable-next-line no-restricted-properties -- read by a person, not a log collector
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
