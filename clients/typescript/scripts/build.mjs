// `node scripts/build.mjs package`: the npm package in dist/ (ES modules, declarations, the generated types).
// `node scripts/build.mjs prepare`: npm's `prepare` (run when the client is installed from its folder or a git URL):
// the build tools first when the folder has none (`npm ci --ignore-scripts` from the lock file), then the package.
// `node scripts/build.mjs page [dir]`: the builder page's scripts (plain ES modules, no bundler) into
// service/static/builder/js, or into dir (the drift test compares the two), with openapi-fetch beside them.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TSC = join(HERE, "node_modules", "typescript", "bin", "tsc");
const PAGE_JS = resolve(HERE, "..", "..", "service", "static", "builder", "js");
const FETCH = join(HERE, "node_modules", "openapi-fetch");

function tsc(...args) {
  execFileSync(process.execPath, [TSC, ...args], { cwd: HERE, stdio: "inherit" });
}

function buildPackage() {
  rmSync(join(HERE, "dist"), { recursive: true, force: true });
  tsc("-p", "tsconfig.build.json");
  copyFileSync(join(HERE, "src", "schema.d.ts"), join(HERE, "dist", "schema.d.ts"));
}

const [what, where] = process.argv.slice(2);
if (what === "package") {
  buildPackage();
} else if (what === "prepare") {
  if (!existsSync(TSC)) {
    // The folder was cloned but never installed: its pinned build tools, without running this script again.
    const npm = process.env.npm_execpath;
    const [cmd, pre] = npm ? [process.execPath, [npm]] : ["npm", []];
    // Into this folder, whatever the installing npm was told about its own (its prefix, global or not).
    const env = { ...process.env };
    for (const key of ["npm_config_prefix", "npm_config_global", "npm_config_location", "npm_config_local_prefix"]) {
      delete env[key];
    }
    execFileSync(cmd, [...pre, "ci", "--ignore-scripts", "--include=dev", "--no-audit", "--no-fund"], {
      cwd: HERE,
      env,
      stdio: "inherit",
    });
  }
  buildPackage();
} else if (what === "page") {
  const out = where ? resolve(where) : PAGE_JS;
  rmSync(out, { recursive: true, force: true });
  tsc("-p", "tsconfig.page.json", "--outDir", out);
  mkdirSync(join(out, "vendor", "openapi-fetch"), { recursive: true });
  copyFileSync(join(FETCH, "dist", "index.mjs"), join(out, "vendor", "openapi-fetch", "index.mjs"));
  copyFileSync(join(FETCH, "LICENSE"), join(out, "vendor", "openapi-fetch", "LICENSE"));
} else {
  console.error("usage: node scripts/build.mjs package | prepare | page [dir]");
  process.exit(2);
}
