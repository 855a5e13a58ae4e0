/**
 * Loads the heavy engines (tesseract.js, @vladmandic/human, TensorFlow.js) from node_modules at
 * run time, so a bundler (Next's server build) never follows them: they read WASM files, model
 * files and worker scripts next to their own sources and must stay where npm installed them.
 * Everything is resolved from the project root (`process.cwd()`), like server/providers/registry.ts.
 */
import { createRequire } from "node:module";
import path from "node:path";

const requireFromRoot = () => createRequire(path.join(process.cwd(), "package.json"));

/** `require(name)` from the project root; the name is a value so bundlers do not trace it. */
export function loadNodeModule<T>(name: string): T {
  return requireFromRoot()(name) as T;
}

/** Absolute path of a package's directory in node_modules (found through its resolvable main entry). */
export function packageDir(name: string): string {
  const main = requireFromRoot().resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split("/").join(path.sep)}${path.sep}`;
  const at = main.lastIndexOf(marker);
  if (at < 0) throw new Error(`cannot locate the package directory of ${name} (resolved ${main})`);
  return main.slice(0, at + marker.length - 1);
}
