// The match companion's budgets, measured (not a test: figures to report, as ratios on this
// machine):
// 1. the adviser's search in WebAssembly (headless Chromium, the page's thread) against the same
//    search natively (`cargo run --profile dist -p quadmist-web --example search_speed`, built
//    as the shipped binary is), positions a second on benches/game.rs's positions;
// 2. how long a tap takes to be answered (from the input event to the board redrawn,
//    performance marks) while the worker searches: taps that select a card, and taps that
//    change the match (the search stopped, another started);
// 3. how long after a change the adviser's first answer is shown, and its refined one (the
//    whole budget searched), over every move of mine in five of the browser tests' matches.
// It ends with a short table of the latencies (2 and 3). `--no-search` leaves out 1 (which
// builds the native example with the dist profile first).
// Usage: bash web/build.sh && node web/scripts/bench-play.mjs [--no-search]   (RUNS=3 by default)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { start, web, root } from "../tests/harness.mjs";

const RUNS = Number(process.env.RUNS ?? 3);
/** Cards left, positions, budget in positions (0: to the end), as web/examples/search_speed.rs. */
const CASES = [[6, 8, 0], [8, 4, 0], [10, 4, 300000]];
const SEARCH = !process.argv.includes("--no-search");
/** The table's rows: what, how many, median, 90th percentile, max (milliseconds). */
const rows = [];
function row(what, xs) {
  const v = [...xs].sort((a, b) => a - b);
  const q = (p) => v[Math.min(v.length - 1, Math.floor(p * (v.length - 1)))];
  rows.push([what, v.length, q(0.5), q(0.9), v.at(-1)]);
}
/** One native run: [[left, nodes, positions, milliseconds], ...] (nodes 0: to the end). */
function nativeRun() {
  return execFileSync(
    "cargo",
    ["run", "--quiet", "--profile", "dist", "-p", "quadmist-web", "--example", "search_speed"],
    { cwd: root, encoding: "utf8", env: { ...process.env, RUNS: "1" } },
  )
    .trim()
    .split("\n")
    .map((l) => l.split(" ").map(Number));
}

const env = await start();
const page = await env.context.newPage();
page.on("dialog", (d) => d.accept());
await page.setViewportSize({ width: 390, height: 700 });
await page.goto(new URL("play.html", env.url).href);
await page.waitForSelector("body[data-ready='1']");
// Native and wasm runs alternate (the machine is shared: its load drifts); the best of each.
if (SEARCH) {
  console.log(`search, positions a second (best of ${RUNS} runs each, alternating):`);
  console.log("cards left (budget) | native | wasm | wasm / native");
  const best = new Map();
  const keep = (k, out) => {
    if (!best.has(k) || out[1] < best.get(k)[1]) best.set(k, out);
  };
  for (let r = 0; r < RUNS; r++) {
    for (const [left, , nodes, ms] of nativeRun()) keep(`native ${left}`, [nodes, ms]);
    // The example's cases (web/examples/search_speed.rs).
    for (const [left, count, budget] of CASES) {
      const out = await page.evaluate(([l, c, b]) => globalThis.quadmistPlay.searchSpeed(l, c, b), [left, count, budget]);
      keep(`wasm ${left}`, out);
    }
  }
  for (const [left, , budget] of CASES) {
    const [nn, nm] = best.get(`native ${left}`);
    const [wn, wm] = best.get(`wasm ${left}`);
    if (nn !== wn) throw new Error(`different positions searched: ${wn} vs ${nn}`);
    const n = nn / (nm / 1000);
    const w = wn / (wm / 1000);
    const cut = budget ? ` (${budget.toLocaleString("en")} positions)` : " (to the end)";
    console.log(`${left}${cut} | ${Math.round(n)} | ${Math.round(w)} | ${(w / n).toFixed(2)}`);
  }
}

// Taps while the worker searches: a match at its opening, my move, a 30 s budget.
const s = JSON.parse(readFileSync(join(web, "tests/companion/matches.json"), "utf8"))[0];
async function taps(label) {
  await page.evaluate(() => performance.clearMeasures("tap"));
  const mine = await page.evaluate(() =>
    [...document.querySelectorAll(".hand.mine button:not([disabled])")].map((b) => b.dataset.slot),
  );
  // Real input events (Chromium's input pipeline): select and unselect my cards.
  for (let i = 0; i < 40; i++) {
    await page.click(`.hand.mine button[data-slot='${mine[i % mine.length]}']`);
  }
  const durations = await page.evaluate(() =>
    performance.getEntriesByName("tap").map((e) => e.duration),
  );
  durations.sort((a, b) => a - b);
  const q = (p) => durations[Math.min(durations.length - 1, Math.floor(p * durations.length))];
  console.log(`${label}: ${durations.length} taps, median ${q(0.5).toFixed(2)} ms, 95th ${q(0.95).toFixed(2)} ms, max ${durations.at(-1).toFixed(2)} ms`);
  row("tap while the adviser searches", durations);
}
/** Starts a match with my cards typed and a budget. */
async function begin(mine, budget) {
  if (!(await page.locator("details.type-mine").evaluate((d) => d.open))) await page.click("details.type-mine summary");
  await page.fill("#mine-text", mine);
  await page.selectOption("#budget", budget);
  await page.click("#start");
  await page.waitForSelector(".play");
}

/** One of the scripts' commands by clicks (their cards typed in the notation). */
async function command(c) {
  if (c.do === "their_card") {
    if (!(await page.locator("details.typed-line").evaluate((d) => d.open))) await page.click("details.typed-line summary");
    await page.fill("#card-text", c.card);
    await page.click("[data-act=add-text]");
  } else if (c.do === "blocks") {
    for (const cell of c.cells) await page.click(`.cell[data-cell='${cell}']`);
    await page.click("[data-act=blocks]");
  } else if (c.do === "first") {
    await page.click(`[data-act=first][data-me='${c.me ? 1 : 0}']`);
  } else if (c.do === "place") {
    await page.click(`.hand [data-slot='${c.slot}']`);
    await page.click(`.cell[data-cell='${c.cell}']`);
  } else if (c.do === "target") {
    await page.click(`.cell.target[data-slot='${c.slot}']`);
  } else if (c.do === "battle") {
    await page.click(`[data-act=battle][data-won='${c.won ? 1 : 0}']`);
  }
}

await begin(s.mine, "30000");
for (const c of s.commands.slice(0, 7)) await command(c);
let ask = await page.getAttribute(".play", "data-ask");
if (ask !== "place_me") {
  // They move first: their first move, then mine is searched.
  await command(s.commands[7]);
  ask = await page.getAttribute(".play", "data-ask");
}
const thinking = await page.evaluate(() => !!document.querySelector(".advice.thinking"));
console.log(`asked ${ask}, the worker searching: ${thinking}`);
await taps("taps while the worker searches");
const stats = await page.evaluate(() => globalThis.quadmistPlay.stats);
if (stats.refined.length !== 0) console.log("note: the search ended during the taps", stats);
// Taps that change the match: a placement (the search stopped, its worker ended) and its undo
// (a new search started), ten times each.
await page.evaluate(() => performance.clearMeasures("tap"));
const free = await page.evaluate(() =>
  [...document.querySelectorAll(".cell:not([disabled]):not([data-slot])")].map((c) => c.dataset.cell),
);
const selected = await page.evaluate(() => document.querySelector(".hand .selected")?.dataset.slot);
if (selected !== undefined) await page.click(`.hand button[data-slot='${selected}']`);
for (let i = 0; i < 10; i++) {
  await page.click(`.hand.mine button[data-slot='${mine0()}']`);
  await page.click(`.cell[data-cell='${free[i % free.length]}']`);
  await page.click("[data-act=undo]");
}
function mine0() {
  return s.commands.find((c) => c.do === "place" && c.slot < 5)?.slot ?? 0;
}
const changes = await page.evaluate(() => performance.getEntriesByName("tap").map((e) => e.duration));
changes.sort((a, b) => a - b);
console.log(`taps that change the match (a card and a cell: the search stopped; undo: the advice kept for that position shown again): ${changes.length} taps, median ${changes[Math.floor(changes.length / 2)].toFixed(2)} ms, max ${changes.at(-1).toFixed(2)} ms`);
row("tap that changes the match", changes);
const st = await page.evaluate(() => globalThis.quadmistPlay.stats);
console.log(`searches started ${st.started}, stopped ${st.stopped}, answers dropped as stale ${st.stale}`);

// The adviser's answers: first and refined, with the default budget (2 s), at every move of
// mine in five matches (each move waits for the refined answer before it is played).
const all = JSON.parse(readFileSync(join(web, "tests/companion/matches.json"), "utf8")).slice(0, 5);
const first = [];
const refined = [];
for (const m of all) {
  await page.click("[data-act=new]");
  await page.waitForSelector("#setup:not([hidden])");
  await begin(m.mine, "2000");
  for (const c of m.commands) {
    if ((await page.getAttribute(".play", "data-ask")) === "place_me") {
      await page.waitForSelector(".play[data-advised='1'][data-refining='0']", { timeout: 60000 });
      const st = await page.evaluate(() => globalThis.quadmistPlay.stats);
      first.push(st.first.at(-1));
      refined.push(st.refined.at(-1));
    }
    await command(c);
  }
}
const summary = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return `median ${v[Math.floor(v.length / 2)].toFixed(0)} ms, 90th ${v[Math.floor(0.9 * (v.length - 1))].toFixed(0)} ms, max ${v.at(-1).toFixed(0)} ms`;
};
console.log(`adviser, from a change to the first answer shown: ${first.length} positions, ${summary(first)}`);
console.log(`adviser, from a change to the refined answer shown (budget 2 s): ${summary(refined)}`);
row("first answer after a change", first);
row("refined answer (budget 2 s)", refined);
await env.close();
const ms = (x) => x.toFixed(x < 10 ? 1 : 0).padStart(6);
console.log(`\nlatency (ms), ${new Date().toISOString()}; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
console.log(`${"what".padEnd(32)}     n  median    90th     max`);
for (const [what, n, med, p90, max] of rows) {
  console.log(`${what.padEnd(32)} ${String(n).padStart(5)}  ${ms(med)}  ${ms(p90)}  ${ms(max)}`);
}
