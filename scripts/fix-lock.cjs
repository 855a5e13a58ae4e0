// Adds lock entries for optional platform packages the registry does not serve (npm/cli#9846:
// `npm install` leaves them out of package-lock.json, then npm 11.19's `npm ci` rejects the
// lock). Run after every `npm install` that adds a dependency: `node scripts/fix-lock.cjs`.
const fs = require("fs");
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const pk = lock.packages;
let added = 0;
for (const e of Object.values(pk))
  for (const [n, v] of Object.entries(e.optionalDependencies ?? {}))
    if (!pk["node_modules/" + n]) {
      pk["node_modules/" + n] = { version: v, optional: true, ...(e.dev ? { dev: true } : {}) };
      added++;
    }
fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`fix-lock: ${added} placeholder entr${added === 1 ? "y" : "ies"} added`);
