// Bundles the page's TypeScript (esbuild) and copies the static files and the WebAssembly
// into dist/. Run by build.sh after wasm-bindgen has written pkg/.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(web, "dist");
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [
    join(web, "ts/main.ts"),
    join(web, "ts/worker.ts"),
    join(web, "ts/play.ts"),
    join(web, "ts/play-worker.ts"),
    join(web, "ts/play-sw.ts"),
  ],
  outdir: dist,
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});
for (const [from, to] of [
  ["static/index.html", "index.html"],
  ["static/page.css", "page.css"],
  ["static/play.html", "play.html"],
  ["static/play.css", "play.css"],
  ["static/play.webmanifest", "play.webmanifest"],
  ["static/play-icon.svg", "play-icon.svg"],
  ["../src/report/report.css", "report.css"],
  ["pkg/quadmist_web_bg.wasm", "quadmist_web_bg.wasm"],
]) {
  copyFileSync(join(web, from), join(dist, to));
}
