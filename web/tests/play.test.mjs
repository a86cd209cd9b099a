// The match companion (play.html) on a 390×700 phone, driven by taps in Debian's Chromium:
// simulate's seeded matches (tests/companion/matches.json, written and checked by the Rust test
// tests/it/companion.rs from the engine) played to their end, the adviser's figures against
// `quadmist advise --json`, undo while the adviser searches, a reload mid-match, two tabs, the
// layout (no scrolling, 44 px targets) in light and dark.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { start, web, fixtures } from "./harness.mjs";

const scripts = JSON.parse(readFileSync(join(web, "tests/companion/matches.json"), "utf8"));
const PHONE = { width: 390, height: 700 };

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

/** A new tab on play.html, its adviser loaded. */
async function openPlay() {
  const page = await env.context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(new URL("play.html", env.url).href);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

/** What the page shows now: what is asked and the board (notation) and types. */
function state(page) {
  return page.evaluate(() => {
    const p = document.querySelector(".play");
    return p ? { ask: p.dataset.ask, board: p.dataset.board, types: p.dataset.types } : null;
  });
}

/** Checks the phone layout: nothing to scroll, every enabled button at least 44 px. */
async function checkLayout(page, where) {
  const r = await page.evaluate(() => {
    const small = [...document.querySelectorAll("#match button:not([disabled]), #match select, #match input:not([type=checkbox])")]
      .filter((b) => b.offsetParent !== null)
      .map((b) => [b.outerHTML.slice(0, 60), b.getBoundingClientRect()])
      .filter(([, r]) => r.width < 44 || r.height < 44)
      .map(([h, r]) => `${h} ${r.width}x${r.height}`);
    const s = document.scrollingElement;
    return { height: s.scrollHeight, width: s.scrollWidth, small };
  });
  assert.ok(r.height <= PHONE.height, `${where}: ${r.height} px tall`);
  assert.ok(r.width <= PHONE.width, `${where}: ${r.width} px wide`);
  assert.deepEqual(r.small, [], `${where}: small tap targets`);
}

async function setMine(page, mine, budget = "500") {
  await page.fill("#mine-text", mine);
  await page.selectOption("#budget", budget);
  await page.click("#start");
  await page.waitForSelector(".play");
}

/** Their card by the picker: digits and type on the keypad, arrows on the compass, the name
 * from the list; or typed, for a card given exactly. */
async function theirCard(page, card) {
  const m = /^(?:(\d+):)?([0-9A-F][PMXA][0-9A-F]{2})@(.*)$/.exec(card);
  if (!m) {
    await page.fill("#card-text", card);
    await page.click("[data-act=add-text]");
    return;
  }
  const [, name, digits, arrows] = m;
  for (const k of digits) await page.click(`[data-act=digit][data-key='${k}']:not([disabled])`);
  const bits = { N: 0, NE: 1, E: 2, SE: 3, S: 4, SW: 5, W: 6, NW: 7 };
  for (const a of arrows === "-" ? [] : arrows.split("+")) {
    await page.click(`[data-act=arrow][data-bit='${bits[a]}']`);
  }
  if (name) await page.selectOption("#name", name);
  await page.click("[data-act=add]");
}

/** One command by taps. */
async function tap(page, c) {
  const before = await page.evaluate(() => document.querySelector(".play")?.dataset.ask);
  switch (c.do) {
    case "their_card":
      await theirCard(page, c.card);
      break;
    case "blocks":
      for (const cell of c.cells) await page.click(`.cell[data-cell='${cell}']`);
      await page.click("[data-act=blocks]");
      break;
    case "first":
      await page.click(`[data-act=first][data-me='${c.me ? 1 : 0}']`);
      break;
    case "place":
      await page.click(`.hand [data-slot='${c.slot}']`);
      await page.click(`.cell[data-cell='${c.cell}']`);
      break;
    case "target":
      await page.click(`.cell.target[data-slot='${c.slot}']`);
      break;
    case "battle":
      if (c.shown) {
        await page.fill("#shown-mine", String(c.shown[0]));
        await page.fill("#shown-theirs", String(c.shown[1]));
      }
      if (c.evolved) await page.check("#evolved");
      await page.click(`[data-act=battle][data-won='${c.won ? 1 : 0}']`);
      break;
  }
  const message = await page.evaluate(() => document.querySelector(".play .message")?.textContent);
  assert.equal(message ?? null, null, `${JSON.stringify(c)} (asked ${before}) refused`);
}

test("twenty of simulate's matches played by taps end on the engine's final state", async () => {
  let battles = 0;
  let advised = 0;
  const asks = new Set();
  for (const s of scripts) {
    const page = await openPlay();
    // The figures are compared on a search to the end: a budget that allows it.
    await setMine(page, s.mine, s.advised ? "30000" : "500");
    for (const [k, c] of s.commands.entries()) {
      if (s.advised && k === s.advised.after) {
        await page.waitForSelector(".play[data-advised='1'] .advice", { timeout: 60000 });
        const shown = await page.evaluate(() =>
          [...document.querySelectorAll(".advice .moves li")].map((li) => ({
            slot: Number(li.dataset.slot),
            cell: Number(li.dataset.cell),
            win: Number(li.dataset.win),
            draw: Number(li.dataset.draw),
            loss: Number(li.dataset.loss),
            cards: Number(li.dataset.cards),
          })),
        );
        const exact = await page.getAttribute(".advice", "data-exact");
        assert.equal(exact, "1", `game ${s.game}: exact figures`);
        assert.equal(shown.length, s.advised.moves.length, `game ${s.game}`);
        for (const [i, f] of s.advised.moves.entries()) {
          const m = shown[i];
          const cell = "ABCD"[m.cell % 4] + String(Math.floor(m.cell / 4) + 1);
          assert.deepEqual([m.slot + 1, cell], [f.card, f.cell], `game ${s.game} move ${i}`);
          for (const x of ["win", "draw", "loss", "cards"]) {
            assert.ok(Math.abs(m[x] - f[x]) <= 1e-9, `game ${s.game} move ${i} ${x}: ${m[x]} vs ${f[x]}`);
          }
        }
        advised++;
      }
      const st = await state(page);
      if (!asks.has(st.ask)) {
        asks.add(st.ask);
        await checkLayout(page, `game ${s.game} asking ${st.ask}`);
      }
      await tap(page, c);
      if (c.do === "battle") battles++;
    }
    const end = await state(page);
    assert.deepEqual(end, { ask: "over", board: s.board, types: s.types }, `game ${s.game}`);
    await checkLayout(page, `game ${s.game} over`);
    asks.add("over");
    await page.close();
  }
  assert.equal(advised, 10);
  assert.ok(battles >= 30, `${battles} battles`);
  for (const a of ["their_card", "blocks", "first", "place_me", "place_them", "battle", "over"]) {
    assert.ok(asks.has(a), `the layout was checked asking ${a}`);
  }
});

/** A script's match up to just before command `upto`, set up by taps (the tab in front: a
 * tab behind gets no animation frames, and a tap waits for them). */
async function playTo(page, s, upto, budget) {
  await page.bringToFront();
  await setMine(page, s.mine, budget);
  for (const c of s.commands.slice(0, upto)) await tap(page, c);
}

/** The index of the first command of `s` after which I am to place with `left` cards left. */
function myMoveAt(s, minimum) {
  let placed = 0;
  for (const [k, c] of s.commands.entries()) {
    if (k >= minimum && c.do === "place" && c.slot < 5) return k;
    if (c.do === "place") placed++;
  }
  return -1;
}

test("an undo while the adviser searches shows no advice for the old position", async () => {
  const s = scripts[0];
  const page = await openPlay();
  // My first move, searched with a 30 s budget: the search is under way when I undo.
  const k = myMoveAt(s, 7);
  await playTo(page, s, k, "30000");
  assert.equal((await state(page)).ask, "place_me");
  const before = await page.evaluate(() => ({ ...globalThis.quadmistPlay.stats }));
  assert.equal(await page.getAttribute(".play", "data-advised"), "0");
  await page.click("[data-act=undo]");
  // Each frame for a second: never advice for a position other than the one shown.
  const seen = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const out = [];
        const t0 = performance.now();
        const look = () => {
          const p = document.querySelector(".play");
          out.push(p.dataset.advised === "1" ? p.dataset.ask : "none");
          if (performance.now() - t0 < 1000) requestAnimationFrame(look);
          else resolve(out);
        };
        look();
      }),
  );
  assert.ok(seen.every((x) => x === "none"), `advice shown after the undo: ${seen}`);
  const after = await page.evaluate(() => ({ ...globalThis.quadmistPlay.stats }));
  assert.equal(after.stopped, before.stopped + 1, "the search for the old position was stopped");
  assert.equal(after.shown, before.shown);
  // Back to the same position: it is searched afresh and its advice is shown, for it.
  await tap(page, s.commands[k - 1]);
  assert.equal((await state(page)).ask, "place_me");
  await page.close();
});

test("a reload mid-match restores it, and two tabs follow two matches", async () => {
  const [a, b] = [scripts[3], scripts[4]];
  const pa = await openPlay();
  const pb = await openPlay();
  const half = (s) => Math.floor(s.commands.length / 2);
  await playTo(pa, a, half(a), "500");
  await playTo(pb, b, half(b), "500");
  const sa = await state(pa);
  const sb = await state(pb);
  assert.notDeepEqual(sa, sb);
  await pa.bringToFront();
  await pa.reload();
  await pa.waitForSelector("body[data-ready='1']");
  await pb.bringToFront();
  await pb.reload();
  await pb.waitForSelector("body[data-ready='1']");
  assert.deepEqual(await state(pa), sa);
  assert.deepEqual(await state(pb), sb);
  await pa.bringToFront();
  // Undo still reaches back before the reload; then the match is finished by taps.
  await pa.click("[data-act=undo]");
  assert.notDeepEqual(await state(pa), sa);
  await tap(pa, a.commands[half(a) - 1]);
  assert.deepEqual(await state(pa), sa);
  for (const c of a.commands.slice(half(a))) await tap(pa, c);
  assert.deepEqual(await state(pa), { ask: "over", board: a.board, types: a.types });
  await pa.close();
  await pb.close();
});

test("a duplicated tab (its sessionStorage copied) goes on with a match of its own", async () => {
  const s = scripts[5];
  const pa = await openPlay();
  await playTo(pa, s, 9, "500");
  const sa = await state(pa);
  // The second tab gets the first's tab id, as a duplicated tab does, and is reloaded.
  const id = await pa.evaluate(() => sessionStorage.getItem("quadmist.play.tab"));
  const pb = await openPlay();
  await pb.evaluate((v) => sessionStorage.setItem("quadmist.play.tab", v), id);
  await pb.reload();
  await pb.waitForSelector("body[data-ready='1']");
  assert.deepEqual(await state(pb), sa, "the duplicate starts from the same match");
  assert.notEqual(await pb.evaluate(() => sessionStorage.getItem("quadmist.play.tab")), id);
  // A move in the duplicate leaves the first tab's match as it was, across reloads.
  await tap(pb, s.commands[9]);
  await pa.bringToFront();
  await pa.reload();
  await pa.waitForSelector("body[data-ready='1']");
  assert.deepEqual(await state(pa), sa);
  await pa.close();
  await pb.close();
});

test("my cards are tapped from a save in hand order", async () => {
  const page = await openPlay();
  await page.setInputFiles("#save", join(fixtures, "ff9-file1.psv"));
  await page.waitForSelector("#save-cards button");
  const buttons = page.locator("#save-cards button");
  const order = [3, 0, 4, 1, 2];
  const expected = [];
  for (const i of order) expected.push((await buttons.nth(i).textContent()).trim().split(/\s+/)[0]);
  for (const i of order) await buttons.nth(i).click();
  const texts = await page.evaluate(() => document.getElementById("mine-text").value);
  assert.equal(texts.split(",").length, 5);
  await page.click("#start");
  await page.waitForSelector(".play");
  const digits = await page.evaluate(() =>
    [...document.querySelectorAll(".hand.mine .digits")].map((d) => d.textContent),
  );
  assert.deepEqual(digits, expected);
  await page.close();
});

test("light and dark themes are readable: text contrast of at least 7:1", async () => {
  const page = await openPlay();
  await playTo(page, scripts[0], 8, "500");
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    const ratios = await page.evaluate(() => {
      const lum = (c) => {
        const [r, g, b] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a, b) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
      };
      const bg = (e) => {
        for (let n = e; n; n = n.parentElement) {
          const c = getComputedStyle(n).backgroundColor;
          if (c && !c.endsWith(", 0)") && c !== "transparent") return c;
        }
        return getComputedStyle(document.documentElement).backgroundColor;
      };
      return [...document.querySelectorAll(".question, .hand .digits, .cell .digits, .figures, .bar .score")]
        .map((e) => [e.className, ratio(getComputedStyle(e).color, bg(e))]);
    });
    for (const [what, r] of ratios) assert.ok(r >= 7, `${scheme}: ${what} ${r.toFixed(2)}:1`);
    await checkLayout(page, scheme);
  }
  await page.close();
});
