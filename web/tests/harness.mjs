// What the browser tests share: the built site served on 127.0.0.1, Debian's Chromium driven
// by playwright-core (never a downloaded browser), the `quadmist` command line that gives the
// expected figures, and the genuine saves in ../shared (required under CI=true, else skipped).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "../scripts/serve.mjs";

export const web = join(dirname(fileURLToPath(import.meta.url)), "..");
export const root = join(web, "..");
export const dist = join(web, "dist");
export const fixtures = join(root, "fixtures");
export const shared = join(root, "..", "shared", "data", "real");
export const CI = process.env.CI === "true";

/** The flags the project runs Chromium with (no sync, no updates, no QUIC, no first run). */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The `quadmist` binary, built if needed (`cargo build --bin quadmist`). */
export function quadmistBin() {
  if (process.env.QUADMIST_BIN) return process.env.QUADMIST_BIN;
  const out = execFileSync(
    "cargo",
    ["build", "--quiet", "--bin", "quadmist", "--message-format=json"],
    { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 },
  );
  for (const line of out.split("\n").reverse()) {
    if (!line.includes('"executable"')) continue;
    const m = JSON.parse(line);
    if (m.reason === "compiler-artifact" && m.executable && m.target?.name === "quadmist") {
      return m.executable;
    }
  }
  throw new Error("cargo built no quadmist binary");
}

/** Runs quadmist in `cwd` (so a file is named as the page names it): stdout, stderr, code. */
export function run(bin, args, cwd) {
  try {
    const stdout = execFileSync(bin, args, {
      cwd,
      encoding: "utf8",
      env: { ...process.env, COLUMNS: "10000", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 << 20,
    });
    return { stdout, stderr: "", code: 0 };
  } catch (e) {
    return { stdout: String(e.stdout ?? ""), stderr: String(e.stderr ?? ""), code: e.status };
  }
}

/** The genuine saves (every file under ../shared/data/real but its README), or null with the
 * reason to skip; under CI=true a missing folder fails. */
export function genuineFiles() {
  if (!existsSync(shared)) {
    if (CI) throw new Error(`${shared} is required under CI=true`);
    return null;
  }
  const out = [];
  for (const dir of readdirSync(shared).sort()) {
    const d = join(shared, dir);
    if (!statSync(d).isDirectory()) continue;
    for (const f of readdirSync(d).sort()) out.push(join(d, f));
  }
  return out;
}

/** The fixtures (save files only). */
export function fixtureFiles() {
  return readdirSync(fixtures)
    .filter((f) => !f.endsWith(".md"))
    .sort()
    .map((f) => join(fixtures, f));
}

/** Starts the server and a fresh Chromium profile; `close()` ends both. */
export async function start(options = {}) {
  if (!existsSync(join(dist, "index.html"))) {
    throw new Error("web/dist is not built: run bash web/build.sh");
  }
  const server = await serve(dist);
  const profile = mkdtempSync(join(tmpdir(), "quadmist-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.QUADMIST_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  return {
    url: server.url,
    context,
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page at the site, once its reader (the worker's WebAssembly) is loaded. */
export async function open(env, width = 1280) {
  const page = await env.context.newPage();
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.goto(env.url);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

/** Drops files through the page's <input type="file"> and waits for the list. */
export async function pick(page, paths) {
  const before = await page.locator("#file-list section.file").count();
  await page.setInputFiles("#files", paths);
  await page.waitForFunction(
    (n) => document.querySelectorAll("#file-list section.file").length >= n,
    before + paths.length,
  );
}

/** Shows a save by its hash and waits for its view; returns the view's figures. */
/** Waits until the view shows `want` (its `data-shown`, for example "0:1", file 0 save 1) whole:
 * a save's sections after the album go in once the album is painted (`aria-busy` till then). */
export function viewShown(page, want) {
  return page.waitForFunction((w) => {
    const view = document.getElementById("view");
    return view?.dataset.shown === w && !view.hasAttribute("aria-busy");
  }, want);
}

export async function showSave(page, file, save) {
  await page.evaluate(([f, s]) => {
    location.hash = `f=${f}&s=${encodeURIComponent(s)}`;
  }, [file, save]);
  await viewShown(page, `${file}:${save}`);
  return page.evaluate(() => {
    const v = document.getElementById("view");
    const points = v.querySelector("[data-points]");
    const error = v.querySelector(".page-error");
    return {
      points: points ? Number(points.getAttribute("data-points")) : null,
      cards: v.dataset.cards ? Number(v.dataset.cards) : null,
      album: v.querySelectorAll("details.card[data-id][data-owned]").length,
      owned: [...v.querySelectorAll("details.card[data-owned]")]
        .reduce((n, e) => n + Number(e.getAttribute("data-owned")), 0),
      error: error ? error.textContent : null,
    };
  });
}

/** axe-core's engine, read once from node_modules (the npm package; nothing is downloaded). */
let axeSource = null;

/** The impacts that fail a page: a player using a screen reader, a keyboard or a phone cannot
 * get past them. "moderate" and "minor" ones are reported by `axe` but do not fail. */
export const BLOCKING = ["serious", "critical"];

/** Runs axe-core on `page` as it is now (its whole document, WCAG 2.0–2.2 A and AA and axe's
 * best practices) and returns the violations whose impact is serious or critical, each as
 * `{id, impact, help, nodes: [selector…]}`. The engine is evaluated through the DevTools
 * protocol, which the page's Content-Security-Policy does not govern, so the page under test
 * keeps its real policy. */
export async function axe(page, { include = BLOCKING } = {}) {
  axeSource ??= readFileSync(
    createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
    "utf8",
  );
  if (!(await page.evaluate(() => typeof window.axe === "object"))) {
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  return violations.filter((v) => include.includes(v.impact));
}

/** One line per violation, for an assertion's message. */
export function axeReport(violations) {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes.slice(0, 4).join(", ")})`)
    .join("\n");
}

/** Every element a finger can tap (links, buttons, inputs, selects, summaries) that is shown
 * and smaller than `min` × `min` CSS pixels, as `{what, width, height}`. A link inside a line of
 * text is left out (WCAG 2.5.8's inline exception), as are targets with `min` px of free room
 * around them. */
export async function smallTargets(page, min = 44) {
  return page.evaluate((min) => {
    const out = [];
    const tappable = "a[href], button, input:not([type=hidden]), select, summary, [role=button], label[for]";
    for (const e of document.querySelectorAll(tappable)) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(e);
      // Hidden, or drawn by another element (a file input whose label is the button).
      if (style.visibility === "hidden" || style.opacity === "0") continue;
      // A link in running text: the sentence sets its size.
      if (e.tagName === "A" && style.display === "inline" && e.parentElement &&
          /^(P|LI|SMALL|SPAN|TD|DD|EM|STRONG)$/.test(e.parentElement.tagName) &&
          e.parentElement.textContent.trim() !== e.textContent.trim()) continue;
      if (r.width + 0.5 >= min && r.height + 0.5 >= min) continue;
      const name = (e.getAttribute("aria-label") ?? e.textContent ?? "").trim().slice(0, 40);
      out.push({ what: `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""} "${name}"`,
        width: Math.round(r.width), height: Math.round(r.height) });
    }
    return out;
  }, min);
}
