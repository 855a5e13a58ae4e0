/** `npm run db:migrate`: applies pending SQL migrations to the configured database. */
import { closeDb, getSql } from "../server/db";
import { applyMigrations } from "../server/db/migrate";

const sql = await getSql();
try {
  const applied = await applyMigrations(sql);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await sql.close();
  await closeDb();
}
