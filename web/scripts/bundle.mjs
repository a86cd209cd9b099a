// Bundles the page's TypeScript (esbuild), copies the static files and the two WebAssembly
// builds into dist/, and writes each file's precompressed .gz and .br beside it, for a server
// that serves them as they are: the .gz by Zopfli (gzip's format, which every browser reads,
// found by a slower search: the save page's WebAssembly comes out about 6 % smaller than with
// zlib's level 9, which is what keeps its whole download under 300 kB gzipped), the .br by
// Brotli at its highest quality. Run by build.sh after wasm-bindgen has written pkg/ and
// pkg-play/.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
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
  ["static/favicon.svg", "favicon.svg"],
  ["pkg/quadmist_web_bg.wasm", "quadmist_web_bg.wasm"],
  ["pkg-play/quadmist_play_bg.wasm", "quadmist_play_bg.wasm"],
]) {
  copyFileSync(join(web, from), join(dist, to));
}
for (const f of readdirSync(dist)) {
  const bytes = readFileSync(join(dist, f));
  writeFileSync(join(dist, `${f}.gz`), await gzipAsync(bytes, { numiterations: 15 }));
  writeFileSync(
    join(dist, `${f}.br`),
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
}
