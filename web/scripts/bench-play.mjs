// The match companion's budgets, measured (not a test: figures to report, as ratios on this
// machine):
// 1. the adviser's search in WebAssembly (headless Chromium, the page's thread) against the same
//    search natively (`cargo run --release -p quadmist-web --example search_speed`), positions a
//    second on benches/game.rs's positions;
// 2. how long a tap takes to be answered (from the input event to the board redrawn,
//    performance marks) while the worker searches, and with no search.
// Usage: bash web/build.sh && node web/scripts/bench-play.mjs   (RUNS=3 by default)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { start, web, root } from "../tests/harness.mjs";

const RUNS = Number(process.env.RUNS ?? 3);
const native = execFileSync(
  "cargo",
  ["run", "--quiet", "--release", "-p", "quadmist-web", "--example", "search_speed"],
  { cwd: root, encoding: "utf8", env: { ...process.env, RUNS: String(RUNS) } },
)
  .trim()
  .split("\n")
  .map((l) => l.split(" ").map(Number));

const env = await start();
const page = await env.context.newPage();
await page.setViewportSize({ width: 390, height: 700 });
await page.goto(new URL("play.html", env.url).href);
await page.waitForSelector("body[data-ready='1']");
console.log("search, positions a second (best of runs):");
console.log("cards left | native | wasm | wasm / native");
for (const [left, nodes, ms] of native) {
  const count = left === 6 ? 8 : 4;
  let best = null;
  for (let r = 0; r < RUNS; r++) {
    const out = await page.evaluate(([l, c]) => globalThis.quadmistPlay.searchSpeed(l, c), [left, count]);
    if (!best || out[1] < best[1]) best = out;
  }
  const n = nodes / (ms / 1000);
  const w = best[0] / (best[1] / 1000);
  if (best[0] !== nodes) throw new Error(`different positions searched: ${best[0]} vs ${nodes}`);
  console.log(`${left} | ${Math.round(n)} | ${Math.round(w)} | ${(w / n).toFixed(2)}`);
}

// Taps while the worker searches: a match at its opening, my move, a 30 s budget.
const s = JSON.parse(readFileSync(join(web, "tests/companion/matches.json"), "utf8"))[0];
async function taps(label) {
  const durations = await page.evaluate(async () => {
    performance.clearMeasures("tap");
    const mine = [...document.querySelectorAll(".hand.mine button:not([disabled])")];
    for (let i = 0; i < 40; i++) {
      const b = document.querySelector(`.hand.mine button[data-slot='${mine[i % mine.length].dataset.slot}']`);
      b.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      await new Promise((r) => setTimeout(r, 20));
    }
    return performance.getEntriesByName("tap").map((e) => e.duration);
  });
  durations.sort((a, b) => a - b);
  const q = (p) => durations[Math.min(durations.length - 1, Math.floor(p * durations.length))];
  console.log(`${label}: ${durations.length} taps, median ${q(0.5).toFixed(2)} ms, 95th ${q(0.95).toFixed(2)} ms, max ${durations.at(-1).toFixed(2)} ms`);
}
await page.fill("#mine-text", s.mine);
await page.selectOption("#budget", "30000");
await page.click("#start");
for (const c of s.commands.slice(0, 7)) {
  if (c.do === "their_card") {
    await page.fill("#card-text", c.card);
    await page.click("[data-act=add-text]");
  } else if (c.do === "blocks") {
    for (const cell of c.cells) await page.click(`.cell[data-cell='${cell}']`);
    await page.click("[data-act=blocks]");
  } else if (c.do === "first") {
    await page.click(`[data-act=first][data-me='${c.me ? 1 : 0}']`);
  }
}
let ask = await page.getAttribute(".play", "data-ask");
if (ask !== "place_me") {
  // They move first: their first move, then mine is searched.
  const c = s.commands[7];
  await page.click(`.hand [data-slot='${c.slot}']`);
  await page.click(`.cell[data-cell='${c.cell}']`);
  ask = await page.getAttribute(".play", "data-ask");
}
const thinking = await page.evaluate(() => !!document.querySelector(".advice.thinking"));
console.log(`asked ${ask}, the worker searching: ${thinking}`);
await taps("taps while the worker searches");
const stats = await page.evaluate(() => globalThis.quadmistPlay.stats);
if (stats.shown !== 0) console.log("note: the search ended during the taps", stats);
await page.evaluate(() => document.querySelector("[data-act=undo]").click());
await page.evaluate(() => document.querySelector("[data-act=undo]").click());
await env.close();
