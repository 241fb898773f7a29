/**
 * `tsx tests/helpers/drop-database.ts <database url>`: drops that database (its connections
 * closed first), connected to the same server's `postgres` database. For exit handlers, which
 * can only run something to completion synchronously.
 */
import postgres from "postgres";

const target = new URL(process.argv[2] ?? "");
const name = target.pathname.slice(1);
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a scratch database name: ${name}`);
target.pathname = "/postgres";
const admin = postgres(target.toString(), { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${name} with (force)`);
await admin.end();
