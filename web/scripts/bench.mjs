// The page's budgets, measured (not asserted): run after `bash web/build.sh`.
//  1. what the save page downloads (the files it requests, read off a real load), each raw,
//     gzipped and Brotli-compressed as build.sh precompresses it, and the companion's apart;
//  2. from dropping fixtures/ff9-three-saves.mcr to its album painted, in headless Chromium,
//     from the page's own performance marks ("drop" → "album-painted"), median of 15 drops
//     (the album's first frame lays out the cards on the first screen; "drop" → "view-painted",
//     given beside it, is the whole view: every card and the sections after the album);
//  3. the library's work in WebAssembly against native: one fresh page, the card added and
//     save 1's view (decode, score, plan, render), in Node's V8 (the wasm-bindgen build) and
//     natively (the same calls, `cargo run --example native_bench`, dist and wasm profiles);
//     apart, the cost of handing the view's HTML to JavaScript.
// `node scripts/bench.mjs --drops N --against DIR [--against DIR2 …]` measures only 2: N drops
// (15 by default) of web/dist/ and as many of each other build's dist folder (a baseline built
// from another commit), taken in turn (A, B, A, B …) so that all meet the same load, and gives
// the ratio of their medians. With `--cpu`, each drop is also traced (Chromium's trace, through
// the DevTools protocol) and the page's main thread and its worker are given in CPU time from
// the drop to the album painted: a figure that the machine's other work hardly moves, where
// the wall-clock one doubles under load (tracing slows the page: compare traced with traced).
import { execFileSync } from "node:child_process";
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";
import { dist, fixtures, root, web } from "../tests/harness.mjs";

const card = join(fixtures, "ff9-three-saves.mcr");
const KiB = 1024;
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const drops = Number(option("--drops") ?? 15);
const cpu = args.includes("--cpu");
const against = args.flatMap((a, k) => (args[k - 1] === "--against" ? [resolve(a)] : []));

// 1. Download size: the files the save page asks for while it loads (its worker and
// WebAssembly included), then the companion's.
const server = await serve(dist);
const profile = mkdtempSync(join(tmpdir(), "quadmist-bench-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.QUADMIST_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 1280, height: 900 },
});
/** The dist files a page requests until it is ready. */
async function requested(path) {
  const page = await context.newPage();
  const files = new Set();
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.origin === new URL(server.url).origin) files.add(u.pathname === "/" ? "index.html" : u.pathname.slice(1));
  });
  await page.goto(new URL(path, server.url).href);
  await page.waitForSelector("body[data-ready='1']");
  await page.waitForTimeout(300);
  await page.close();
  return [...files].sort();
}
const sizes = (files) => {
  const t = { raw: 0, gz: 0, br: 0 };
  const rows = files.map((f) => {
    const raw = readFileSync(join(dist, f)).length;
    const gz = readFileSync(join(dist, `${f}.gz`)).length;
    const br = readFileSync(join(dist, `${f}.br`)).length;
    t.raw += raw; t.gz += gz; t.br += br;
    return `  ${f.padEnd(24)} ${(raw / KiB).toFixed(1).padStart(8)} KiB ${(gz / KiB).toFixed(1).padStart(8)} KiB gzip ${(br / KiB).toFixed(1).padStart(8)} KiB brotli`;
  });
  return { rows, t };
};
// The 300 kB budget is the save page's; the companion's WebAssembly holds the match engine too.
const pages = [["The save page", "index.html", "; budget 300 kB"], ["The match companion", "play.html", ""]];
for (const [what, path, budget] of against.length > 0 ? [] : pages) {
  const { rows, t } = sizes(await requested(path));
  console.log(`${what} downloads (every file it requests until ready):`);
  console.log(rows.join("\n"));
  console.log(`  total ${(t.raw / KiB).toFixed(1)} KiB, ${(t.gz / KiB).toFixed(1)} KiB gzipped (${(t.gz / 1000).toFixed(1)} kB${budget}), ${(t.br / KiB).toFixed(1)} KiB Brotli\n`);
}

// 2. Drop to album painted: the drops of each build in turn, after one drop each that warms the
// browser's caches of the site's code.
const builds = [{ name: "web/dist", url: server.url, times: [], stages: [], cpu: [], views: [] }];
const others = [];
for (const dir of against) {
  const other = await serve(dir);
  others.push(other);
  builds.push({ name: dir, url: other.url, times: [], stages: [], cpu: [], views: [] });
}
/** The CPU time of the page's main thread and of its worker from the "drop" mark to the
 * "album-painted" mark, in ms, from the trace's events: each task (RunTask) that ran between
 * the two, by its thread time. */
function threadTimes(events) {
  const mark = (name) => events.find((e) => e.name === name && e.cat.includes("user_timing") && e.ph !== "e");
  const [from, to] = [mark("drop"), mark("album-painted")];
  const threads = new Map(events.filter((e) => e.name === "thread_name" && e.pid === from.pid).map((e) => [e.tid, e.args.name]));
  const busy = (thread) =>
    events
      .filter((e) => e.pid === from.pid && thread(e.tid) && e.ph === "X" && e.name === "RunTask" && e.ts >= from.ts && e.ts + e.dur <= to.ts)
      .reduce((ms, e) => ms + (e.tdur ?? 0) / 1000, 0);
  return { main: busy((t) => t === from.tid), worker: busy((t) => /Worker/.test(threads.get(t) ?? "")) };
}

/** One drop on a fresh page of `url`: the total and each stage, from the page's marks (and with
 * `--cpu`, the threads' CPU time). */
async function drop(url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']");
  const events = [];
  let traced = null;
  if (cpu) {
    const session = await context.newCDPSession(page);
    session.on("Tracing.dataCollected", (e) => events.push(...e.value));
    traced = { session, done: new Promise((resolve) => session.once("Tracing.tracingComplete", resolve)) };
    await session.send("Tracing.start", {
      categories: "__metadata,blink.user_timing,devtools.timeline,disabled-by-default-devtools.timeline",
      transferMode: "ReportEvents",
    });
  }
  await page.setInputFiles("#files", card);
  const ms = await page.waitForFunction(() => {
    const m = performance.getEntriesByName("drop-to-album");
    if (m.length === 0) return false;
    const at = (name) => performance.getEntriesByName(name)[0].startTime;
    const marks = ["drop", "read", "added", "view-asked", "view-answered", "view-inserted", "album-painted"];
    return { total: m[0].duration, stages: marks.slice(1).map((n, k) => at(n) - at(marks[k])) };
  });
  const v = await ms.jsonValue();
  // The whole view painted (every album card laid out, the sections after the album in), where
  // the build marks it: the album's first frame lays out only the first screen of cards.
  v.view = await page
    .waitForFunction(() => performance.getEntriesByName("drop-to-view")[0]?.duration, null, { timeout: 2000 })
    .then((h) => h.jsonValue(), () => undefined);
  if (traced) {
    await traced.session.send("Tracing.end");
    await traced.done;
    v.cpu = threadTimes(events);
  }
  await page.close();
  return v;
}
for (let i = 0; i <= drops; i++) {
  for (const b of builds) {
    const v = await drop(b.url);
    if (i > 0) {
      if (v.view !== undefined) b.views.push(v.view);
      b.times.push(v.total);
      b.stages.push(v.stages);
      if (v.cpu) b.cpu.push(v.cpu);
    }
  }
}
await context.close();
server.close();
for (const o of others) o.close();
rmSync(profile, { recursive: true, force: true });
const names = ["file read", "worker: add", "list shown", "worker: view", "view inserted", "painted"];
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`\nDrop of ${card.slice(root.length + 1)} to its album painted (headless Chromium, ${drops} drops${others.length > 0 ? " of each build, in turn" : ""}):`);
for (const b of builds) {
  const t = [...b.times].sort((x, y) => x - y);
  console.log(`  ${b.name}: median ${median(t).toFixed(1)} ms, min ${t[0].toFixed(1)} ms, max ${t.at(-1).toFixed(1)} ms (budget 150)`);
  console.log("    median of each stage: " + names.map((n, k) => `${n} ${median(b.stages.map((s) => s[k])).toFixed(1)} ms`).join(", "));
  if (b.views.length > 0) {
    console.log(`    drop to the whole view painted (every card laid out, the sections after the album in): median ${median(b.views).toFixed(1)} ms`);
  }
  if (cpu) {
    console.log(`    CPU from drop to album (traced): main thread median ${median(b.cpu.map((c) => c.main)).toFixed(1)} ms, worker ${median(b.cpu.map((c) => c.worker)).toFixed(1)} ms`);
  }
}
for (const b of builds.slice(1)) {
  console.log(`  web/dist / ${b.name}: ${(median(builds[0].times) / median(b.times)).toFixed(2)} (ratio of the medians)` +
    (cpu ? `, main thread CPU ${(median(builds[0].cpu.map((c) => c.main)) / median(b.cpu.map((c) => c.main))).toFixed(2)}` : ""));
}
if (others.length > 0) process.exit(0);

// 3. wasm against native.
const N = 100;
const pkg = await import(join(web, "pkg", "quadmist_web.js"));
pkg.initSync({ module: readFileSync(join(web, "pkg", "quadmist_web_bg.wasm")) });
const bytes = new Uint8Array(readFileSync(card));
// The library's work: the file added, the view rendered (its HTML stays in the wasm memory).
const ADD = JSON.stringify({ kind: "add", files: [] });
const SHOW = JSON.stringify({ kind: "show", hash: "f=0&s=1" });
const once = () => {
  const p = new pkg.Page();
  p.give("ff9-three-saves.mcr", bytes.length, bytes);
  p.answer(ADD);
  const n = p.answer(SHOW).length;
  p.free();
  return n;
};
// What the page adds: the HTML handed over to JavaScript (UTF-8 to a JS string).
const withHtml = () => {
  const p = new pkg.Page();
  p.give("ff9-three-saves.mcr", bytes.length, bytes);
  p.answer(ADD);
  p.take_html();
  const n = p.answer(SHOW).length + p.take_html().length;
  p.free();
  return n;
};
/** Milliseconds per call of `f`: the best of seven rounds of N, after N calls to warm up (the
 * engine compiles hot WebAssembly functions again, optimised, while they run; the machine is
 * shared, and other work only ever adds time). */
const best = (f) => {
  for (let i = 0; i < N; i++) f();
  let ms = Infinity;
  for (let r = 0; r < 7; r++) {
    const t = performance.now();
    for (let i = 0; i < N; i++) f();
    ms = Math.min(ms, (performance.now() - t) / N);
  }
  return ms;
};
const wasmMs = best(once);
const handedMs = best(withHtml);
const native = (profile) => {
  const out = execFileSync("cargo", ["run", "--quiet", "--profile", profile, "-p", "quadmist-web",
    "--example", "native_bench", "--", card, "1", String(N)], { cwd: root, encoding: "utf8" });
  return Number(out.split(" ")[0]);
};
// The native build as shipped (the dist profile: fat LTO, one code unit).
const release = native("dist");
const sameProfile = native("wasm");
console.log(`\nThe library's work for save 1 (open, decode, score, plan, render the view), best of 7 rounds of ${N}:`);
console.log(`  wasm (Node ${process.version}, V8) ${wasmMs.toFixed(2)} ms (${handedMs.toFixed(2)} ms with the HTML handed to JavaScript)`);
console.log(`  native, dist profile       ${release.toFixed(2)} ms: wasm/native ${(wasmMs / release).toFixed(2)}× (budget 2×)`);
console.log(`  native, the wasm profile   ${sameProfile.toFixed(2)} ms: wasm/native ${(wasmMs / sameProfile).toFixed(2)}×`);
