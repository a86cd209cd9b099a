// The match companion (play.html) on a phone's touch screen, 390×700 portrait and 700×390
// landscape, driven by taps in Debian's Chromium: simulate's seeded matches
// (tests/companion/matches.json, written and checked by the Rust test tests/it/companion.rs
// from the engine) played to their end, the adviser's figures against `quadmist advise
// --json`, a typical match's taps counted, a reload, a new tab's resume, an offline reload, an
// opponent card corrected mid-match, a rematch, refused input, the layout (no scrolling, 44 px
// targets, contrast) and axe-core in light and dark.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { start, web, fixtures, shared, CI } from "./harness.mjs";
import * as harness from "./harness.mjs";

const scripts = JSON.parse(readFileSync(join(web, "tests/companion/matches.json"), "utf8"));
const SIZES = { portrait: { width: 390, height: 700 }, landscape: { width: 700, height: 390 } };
const BITS = { N: 0, NE: 1, E: 2, SE: 3, S: 4, SW: 5, W: 6, NW: 7 };
/** Screenshots go here when QUADMIST_SHOTS names a folder. */
const SHOTS = process.env.QUADMIST_SHOTS;

let env;
before(async () => {
  env = await start({ hasTouch: true, isMobile: true });
});
after(async () => {
  await env?.close();
});

/** Taps counted: `tap` one touch, `choose` a list (two: open it, pick), `type` a field (one). */
function counter(page) {
  const c = {
    n: 0,
    page,
    async tap(selector) {
      c.n++;
      await page.locator(selector).tap();
    },
    async choose(selector, value) {
      c.n += 2;
      await page.selectOption(selector, value);
    },
    async type(selector, text) {
      c.n++;
      await page.fill(selector, text);
    },
  };
  return c;
}

/** A new tab on play.html at `size`, its adviser loaded. */
async function openPlay(size = SIZES.portrait) {
  const page = await env.context.newPage();
  page.on("dialog", (d) => d.accept());
  await page.setViewportSize(size);
  await page.goto(new URL("play.html", env.url).href);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

async function reload(page) {
  await page.bringToFront();
  await page.reload();
  await page.waitForSelector("body[data-ready='1']");
}

/** What the page shows now: what is asked, the board (notation) and types. */
function state(page) {
  return page.evaluate(() => {
    const p = document.querySelector(".play");
    return p ? { ask: p.dataset.ask, board: p.dataset.board, types: p.dataset.types } : null;
  });
}

function message(page) {
  return page.evaluate(() => document.querySelector(".play .message")?.textContent ?? null);
}

/** The layout: nothing to scroll, every enabled control at least 44 px, and what the screen is
 * for (the board, both hands and the advice; or the picker) inside the viewport. */
async function checkLayout(page, where) {
  const size = page.viewportSize();
  const r = await page.evaluate(() => {
    const small = [...document.querySelectorAll("#match button:not([disabled]), #match select, #match input:not([type=checkbox]), #match summary")]
      .filter((b) => b.offsetParent !== null)
      .map((b) => [b.outerHTML.slice(0, 70), b.getBoundingClientRect()])
      .filter(([, r]) => r.width < 44 || r.height < 44)
      .map(([h, r]) => `${h} ${r.width}x${r.height}`);
    // A card's hand number overlaps none of its arrows.
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const overlaps = [...document.querySelectorAll(".card .n")].flatMap((n) =>
      [...n.parentElement.querySelectorAll(".ar")]
        .filter((a) => meet(n.getBoundingClientRect(), a.getBoundingClientRect()))
        .map((a) => `${n.parentElement.dataset.slot} ${a.className}`),
    );
    const s = document.scrollingElement;
    const boxes = {};
    for (const sel of [".board", ".hand.mine", ".hand.theirs", ".panel", ".advice", ".picker", ".name-row", ".question"]) {
      const e = document.querySelector(`.play ${sel}`);
      if (e && e.offsetParent !== null) boxes[sel] = e.getBoundingClientRect().toJSON();
    }
    // The question (or a refusal in its place) keeps its height: its words fit in it.
    const q = document.querySelector(".play #question");
    const clipped = q && q.scrollHeight > q.clientHeight + 1 ? q.textContent : null;
    return { height: s.scrollHeight, width: s.scrollWidth, small, boxes, overlaps, clipped };
  });
  assert.deepEqual(r.overlaps, [], `${where}: a card number on an arrow`);
  assert.equal(r.clipped, null, `${where}: the question is cut`);
  assert.ok(r.height <= size.height, `${where}: ${r.height} px tall`);
  assert.ok(r.width <= size.width, `${where}: ${r.width} px wide`);
  assert.deepEqual(r.small, [], `${where}: small tap targets`);
  for (const [sel, b] of Object.entries(r.boxes)) {
    assert.ok(b.bottom <= size.height + 0.5 && b.right <= size.width + 0.5, `${where}: ${sel} off screen ${JSON.stringify(b)}`);
  }
  return r.boxes;
}

async function openTyped(page, t) {
  if (!(await page.locator("details.typed-line").evaluate((d) => d.open))) await t.tap("details.typed-line summary");
}

/** Starts a match with my cards typed (the set-up of my hand is not what is counted). */
async function setMine(page, mine, budget = "500") {
  if (!(await page.locator("details.type-mine").evaluate((d) => d.open))) await page.locator("details.type-mine summary").tap();
  await page.fill("#mine-text", mine);
  await page.selectOption("#budget", budget);
  await page.locator("#start").tap();
  await page.waitForSelector(".play");
}

const entered = (page) => page.locator(".hand.theirs button.card").count();
const typedChars = (page) => page.evaluate(() => [...document.querySelectorAll(".chars button")].map((b) => b.textContent).join(""));

/** Types the characters still missing from `chars` on the keypad (the cursor moved where
 * needed), then Add if the card was not added by its last character. */
async function typeRest(page, t, chars, before) {
  for (let guard = 0; guard < 10 && (await entered(page)) === before; guard++) {
    const now = await typedChars(page);
    const p = [...now].findIndex((c, i) => c !== chars[i]);
    if (p < 0) {
      await t.tap("[data-act=add]");
      continue;
    }
    const cursor = await page.locator(".chars button.cursor").getAttribute("data-at").catch(() => null);
    if (Number(cursor) !== p || cursor === null) await t.tap(`[data-act=at][data-at='${p}']`);
    await t.tap(`[data-act=key][data-key='${chars[p]}']`);
  }
}

/** Their card by taps: its arrows on the compass, then (named) its type and name, then the
 * characters the name leaves open; a card given exactly is typed. */
async function theirCard(page, t, card) {
  const before = await entered(page);
  const m = /^(?:(\d+):)?([0-9A-F][PMXA][0-9A-F]{2})@(.*)$/.exec(card);
  if (!m) {
    await openTyped(page, t);
    await t.type("#card-text", card);
    await t.tap("[data-act=add-text]");
  } else {
    const [, name, chars, arrows] = m;
    for (const a of arrows === "-" ? [] : arrows.split("+")) await t.tap(`[data-act=arrow][data-bit='${BITS[a]}']`);
    if (name) {
      // The type first: the name fills in the card's own type, which this copy may not have.
      await t.tap("[data-act=at][data-at='1']");
      await t.tap(`[data-act=key][data-key='${chars[1]}']`);
      await t.choose("#name", name);
    }
    await typeRest(page, t, chars, before);
  }
  assert.equal(await entered(page), before + 1, `${card}: ${await message(page)}`);
}

/** One command by taps. */
async function command(page, t, c) {
  const asked = (await state(page)).ask;
  switch (c.do) {
    case "their_card":
      await theirCard(page, t, c.card);
      break;
    case "blocks":
      for (const cell of c.cells) await t.tap(`.cell[data-cell='${cell}']`);
      await t.tap("[data-act=blocks]");
      break;
    case "first":
      await t.tap(`[data-act=first][data-me='${c.me ? 1 : 0}']`);
      break;
    case "place": {
      // The board stays where it is between the two taps of a move.
      const where = () => page.evaluate(() => JSON.stringify(document.querySelector(".board").getBoundingClientRect()));
      const before = await where();
      await t.tap(`.hand [data-slot='${c.slot}']`);
      assert.equal(await where(), before, "the board moved after the card's tap");
      await t.tap(`.cell[data-cell='${c.cell}']`);
      break;
    }
    case "target":
      await t.tap(`.cell.target[data-slot='${c.slot}']`);
      break;
    case "battle":
      if (c.shown) {
        await t.type("#shown-mine", String(c.shown[0]));
        await t.type("#shown-theirs", String(c.shown[1]));
      }
      if (c.evolved) await t.tap("#evolved");
      await t.tap(`[data-act=battle][data-won='${c.won ? 1 : 0}']`);
      break;
  }
  assert.equal(await message(page), null, `${JSON.stringify(c)} (asked ${asked}) refused`);
}

/** Plays `s`'s commands `from`..`to` by taps. */
async function playScript(page, s, from = 0, to = s.commands.length, t = counter(page)) {
  for (const c of s.commands.slice(from, to)) await command(page, t, c);
  return t;
}

async function advisedFigures(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".advice .moves tr[data-slot]")].map((tr) => ({
      slot: Number(tr.dataset.slot),
      cell: Number(tr.dataset.cell),
      win: Number(tr.dataset.win),
      draw: Number(tr.dataset.draw),
      loss: Number(tr.dataset.loss),
      cards: Number(tr.dataset.cards),
    })),
  );
}

for (const [label, size] of Object.entries(SIZES)) {
  test(`whole matches by taps (${label}, ${size.width}×${size.height}) end on the engine's final state`, async () => {
    // Portrait plays all twenty scripts (with advise's figures at ten positions); landscape
    // eight of them.
    const chosen = label === "portrait" ? scripts : scripts.slice(0, 8);
    let battles = 0;
    let advised = 0;
    const asks = new Set();
    for (const s of chosen) {
      const page = await openPlay(size);
      // The figures are compared on a search to the end: a budget that allows it.
      await setMine(page, s.mine, s.advised ? "30000" : "500");
      const t = counter(page);
      for (const [k, c] of s.commands.entries()) {
        if (s.advised && k === s.advised.after) {
          await page.waitForSelector(".play[data-advised='1'][data-refining='0'] .advice", { timeout: 60000 });
          const shown = await advisedFigures(page);
          assert.equal(await page.getAttribute(".advice", "data-exact"), "1", `game ${s.game}: exact figures`);
          assert.equal(shown.length, s.advised.moves.length, `game ${s.game}`);
          for (const [i, f] of s.advised.moves.entries()) {
            const m = shown[i];
            const cell = "ABCD"[m.cell % 4] + String(Math.floor(m.cell / 4) + 1);
            assert.deepEqual([m.slot + 1, cell], [f.card, f.cell], `game ${s.game} move ${i}`);
            for (const x of ["win", "draw", "loss", "cards"]) {
              assert.ok(Math.abs(m[x] - f[x]) <= 1e-9, `game ${s.game} move ${i} ${x}: ${m[x]} vs ${f[x]}`);
            }
          }
          await checkLayout(page, `game ${s.game} advised`);
          advised++;
        }
        const st = await state(page);
        if (!asks.has(st.ask)) {
          asks.add(st.ask);
          await checkLayout(page, `${label} game ${s.game} asking ${st.ask}`);
        }
        await command(page, t, c);
        if (c.do === "battle") battles++;
      }
      const end = await state(page);
      assert.deepEqual(end, { ask: "over", board: s.board, types: s.types }, `game ${s.game}`);
      await checkLayout(page, `${label} game ${s.game} over`);
      asks.add("over");
      await page.close();
    }
    assert.equal(advised, chosen.filter((s) => s.advised).length);
    assert.ok(advised >= 4 && battles >= 10, `${advised} advised, ${battles} battles`);
    for (const a of ["their_card", "blocks", "first", "place_me", "place_them", "battle", "over"]) {
      assert.ok(asks.has(a), `the layout was checked asking ${a}`);
    }
  });
}

/** A typical early match: Goblin, Fang, Flan, Skeleton and Goblin again, three arrows each
 * (their digits and types from cards.csv: Goblin 0P00, Fang 0P00, Flan 0M0x, Skeleton 0P00),
 * two blocked cells, me first. */
const TYPICAL = {
  mine: scripts[0].mine,
  theirs: [
    { number: "1", name: "Goblin", chars: "0P00", arrows: ["N", "E", "S"] },
    { number: "2", name: "Fang", chars: "0P00", arrows: ["W", "NE", "SW"] },
    { number: "4", name: "Flan", chars: "0M01", arrows: ["N", "S", "SE"] },
    { number: "3", name: "Skeleton", chars: "0P00", arrows: ["E", "W", "NW"] },
    { number: "1", name: "Goblin", chars: "0P00", arrows: ["N", "SE", "SW"] },
  ],
  blocks: [5, 10],
};

/** Sets the typical match up: each card by `how` (`name`, `seen` or `digits`); the taps. */
async function typicalSetUp(page, how) {
  const t = counter(page);
  for (const c of TYPICAL.theirs) {
    const before = await entered(page);
    for (const a of c.arrows) await t.tap(`[data-act=arrow][data-bit='${BITS[a]}']`);
    if (how === "name") {
      await t.choose("#name", c.number);
    } else if (how === "seen") {
      const i = await page.evaluate(
        (want) => [...document.querySelectorAll("[data-act=seen]")].find((b) => b.textContent === want)?.dataset.i,
        `${c.name} ${c.chars}`,
      );
      assert.ok(i !== undefined, `${c.name} ${c.chars} offered as seen`);
      await t.tap(`[data-act=seen][data-i='${i}']`);
    }
    await typeRest(page, t, c.chars, before);
    assert.equal(await entered(page), before + 1, `${how}: ${c.chars}: ${await message(page)}`);
  }
  for (const cell of TYPICAL.blocks) await t.tap(`.cell[data-cell='${cell}']`);
  await t.tap("[data-act=blocks]");
  await t.tap("[data-act=first][data-me='1']");
  return t;
}

/** Plays the match to its end: my moves by the gold cell (the adviser's best), theirs by their
 * first card to the first free cell, every battle won; battle results are counted apart. */
async function typicalPlay(page) {
  const t = counter(page);
  let results = 0;
  for (let guard = 0; guard < 60; guard++) {
    const st = await state(page);
    if (st.ask === "over") break;
    if (st.ask === "place_me") {
      await page.waitForSelector(".play[data-advised='1'] .cell.best");
      await t.tap(".cell.best");
    } else if (st.ask === "place_them") {
      const left = await page.locator(".hand.theirs button.card:not([disabled])").count();
      if (left > 1) await t.tap(".hand.theirs button.card:not([disabled]) >> nth=0");
      await t.tap(".board .cell:not([disabled]) >> nth=0");
    } else if (st.ask === "target") {
      const best = await page.locator(".cell.target.best").count();
      await t.tap(best ? ".cell.target.best" : ".cell.target >> nth=0");
    } else if (st.ask === "battle") {
      results++;
      await page.locator("[data-act=battle][data-won='1']").tap();
    }
    assert.equal(await message(page), null, `asked ${st.ask}`);
  }
  assert.equal((await state(page)).ask, "over");
  return { taps: t.n, results };
}

for (const [label, size] of Object.entries(SIZES)) {
  test(`a typical match is set up in at most 30 taps and played in at most 20 (${label})`, async () => {
    const page = await openPlay(size);
    await page.evaluate(() => localStorage.removeItem("quadmist.play.seen"));
    await setMine(page, TYPICAL.mine);
    const byName = await typicalSetUp(page, "name");
    const played = await typicalPlay(page);
    // The rematch: one tap for my hand; their cards are offered as seen before.
    await page.locator("[data-act=rematch]").tap();
    await page.waitForSelector(".play[data-ask='their_card']");
    const bySeen = await typicalSetUp(page, "seen");
    const replayed = await typicalPlay(page);
    // By digits alone, for comparison.
    await page.locator("[data-act=rematch]").tap();
    await page.waitForSelector(".play[data-ask='their_card']");
    const byDigits = await typicalSetUp(page, "digits");
    await page.close();
    // By digits on a first visit: nothing seen before, the first card's guess is 0P00.
    const fresh = await openPlay(size);
    await fresh.evaluate(() => localStorage.removeItem("quadmist.play.seen"));
    await setMine(fresh, TYPICAL.mine);
    const byDigitsFirst = await typicalSetUp(fresh, "digits");
    await fresh.close();
    console.log(
      `# taps (${label}): set-up by names ${byName.n}, by cards seen ${bySeen.n}, by digits ${byDigits.n} ` +
        `(${byDigitsFirst.n} on a first visit); ` +
        `played ${played.taps} and ${replayed.taps} (+${played.results} and ${replayed.results} battle results)`,
    );
    // Arrows 15, blocks 2 + Done, the coin toss 1: 19; each name is a list opened and picked
    // (2), Flan's magic defence digit one more: 30.
    assert.equal(byName.n, 30);
    assert.ok(bySeen.n <= 30 && bySeen.n < byName.n, `${bySeen.n}`);
    // By digits, the blanks show a guess Add takes (the first of their cards' characters so
    // far, the cards seen before and 0P00 that agrees with what is typed): 19, then Add for
    // each 0P00 (4). Flan on a first visit: M and its last digit, each after choosing its
    // place (4), and Add: 28. In a rematch M brings up Flan's 0M01 seen before (2, and Add): 26.
    assert.equal(byDigits.n, 26);
    assert.equal(byDigitsFirst.n, 28);
    assert.ok(played.taps <= 20 && replayed.taps <= 20, `${played.taps}, ${replayed.taps}`);
  });
}

for (const [label, size] of Object.entries(SIZES)) {
  test(`a reload, a new tab's resume, an offline reload and a corrected card (${label})`, async () => {
    const s = scripts[label === "portrait" ? 2 : 6];
    let page = await openPlay(size);
    // No match left by the other tests: the offers seen below are this test's.
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage)) if (k.startsWith("quadmist.play.match.")) localStorage.removeItem(k);
    });
    await setMine(page, s.mine);
    // Two of their cards; the third half entered, then a reload: what was tapped stays.
    await playScript(page, s, 0, 2);
    const third = /@(.*)$/.exec(s.commands[2].card)[1].split("+").filter((a) => a !== "-");
    for (const a of third) await page.locator(`[data-act=arrow][data-bit='${BITS[a]}']`).tap();
    const pressed = await page.locator("[data-act=arrow][aria-pressed=true]").count();
    await reload(page);
    assert.equal(await page.locator("[data-act=arrow][aria-pressed=true]").count(), pressed);
    // Tapped off again: the card is then entered as the script gives it.
    for (const a of third) await page.locator(`[data-act=arrow][data-bit='${BITS[a]}']`).tap();
    await playScript(page, s, 2, 5);
    // Blocked cells tapped, then a reload before Done: still there.
    const blocks = s.commands[5].cells;
    for (const cell of blocks) await page.locator(`.cell[data-cell='${cell}']`).tap();
    await reload(page);
    assert.equal(await page.locator(".cell.block").count(), blocks.length);
    await page.locator("[data-act=blocks]").tap();
    // The coin toss shows them.
    assert.equal((await state(page)).ask, "first");
    assert.equal(await page.locator(".cell.block").count(), blocks.length);
    let at = Math.floor(s.commands.length / 2);
    await playScript(page, s, 6, at);
    const mid = await state(page);
    // A new tab while this one follows the match: not offered (two tabs would fight over it).
    const other = await openPlay(size);
    assert.equal(await other.locator(".resume-yes").count(), 0);
    await other.close();
    // This tab closed; a new tab (a bookmark, the home screen) offers it.
    await page.close();
    page = await openPlay(size);
    const offer = await page.locator(".resume p").textContent();
    assert.match(offer, /^Resume the match from .*\d.*\?$/);
    await page.locator(".resume-yes").tap();
    assert.deepEqual(await state(page), mid);
    // Offline: once the files are kept, a reload with no network opens and plays, the adviser
    // included (its worker and WebAssembly come from the kept files).
    await page.waitForSelector("body[data-offline='1']");
    await env.context.setOffline(true);
    try {
      await reload(page);
      assert.deepEqual(await state(page), mid);
      const mine = s.commands.findIndex((c, i) => i >= at && c.do === "place" && c.slot < 5);
      assert.ok(mine > 0, "a move of mine is left");
      await playScript(page, s, at, mine);
      await page.waitForSelector(".play[data-advised='1'] .advice", { timeout: 30000 });
      await playScript(page, s, mine, mine + 1);
      at = mine + 1;
    } finally {
      await env.context.setOffline(false);
    }
    // Their first card corrected: known by its digits only instead of exactly (even games
    // type their cards exactly); every entry after it is replayed, the board is the same.
    const before = await state(page);
    const exactTitle = await page.locator(".hand.theirs [data-slot='5']").getAttribute("title");
    await page.locator("[data-act=fix]").tap();
    await page.locator(".hand.theirs [data-slot='5']").tap();
    assert.equal(await page.getAttribute(".play", "data-mode"), "pick");
    assert.match(await page.locator("#question").textContent(), /^Correct their card 1/);
    await page.selectOption("#name", "0");
    await page.locator("[data-act=save]").tap();
    assert.equal(await message(page), null);
    assert.deepEqual(await state(page), before);
    const newTitle = await page.locator(".hand.theirs [data-slot='5']").getAttribute("title");
    assert.notEqual(newTitle, exactTitle, "the card is known by its digits now");
    // The rest of the match, then a rematch with the same hand.
    await playScript(page, s, at);
    assert.deepEqual(await state(page), { ask: "over", board: s.board, types: s.types });
    const mine = await page.locator(".hand.mine .digits").allTextContents();
    await page.locator("[data-act=rematch]").tap();
    assert.equal((await state(page)).ask, "their_card");
    await page.close();
    page = await openPlay(size);
    // The finished match is not offered; the rematch (unfinished) is.
    assert.equal(await page.locator(".resume-yes").count(), 1);
    await page.locator(".resume-yes").tap();
    await playScript(page, s, 0, 5);
    assert.deepEqual(await page.locator(".hand.mine .digits").allTextContents(), mine);
    await page.close();
  });
}

test("input that cannot go wrong: refused cards with the reason, keys that look disabled, what was typed kept", async () => {
  const page = await openPlay(SIZES.portrait);
  assert.equal(await page.locator("#start").isDisabled(), true, "no hand yet");
  await setMine(page, scripts[0].mine);
  // F, P, 9: only Excalibur II and Hades remain, whose magic defence digit is 0 or 1.
  for (const k of ["F", "P", "9"]) await page.locator(`[data-act=key][data-key='${k}']`).tap();
  const keys = await page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll("[data-act=key]")].map((b) => [b.dataset.key, !b.disabled])),
  );
  assert.deepEqual(Object.keys(keys).filter((k) => keys[k]), ["0", "1"]);
  const look = await page.evaluate(() => {
    const s = getComputedStyle(document.querySelector("[data-act=key][data-key='9']"));
    return { opacity: Number(s.opacity), border: s.borderTopStyle };
  });
  assert.ok(look.opacity < 0.6 && look.border === "dashed", JSON.stringify(look));
  // The type letters and the hex digits are different keys, never shown together.
  await page.locator("[data-act=at][data-at='1']").tap();
  const typeKeys = await page.locator("[data-act=key]").evaluateAll((b) => b.map((x) => [x.className, x.getAttribute("aria-label")]));
  assert.deepEqual(typeKeys.map((k) => k[1]), ["P physical, the type", "M magic, the type", "X flexible, the type", "A assault, the type"]);
  assert.ok(typeKeys.every((k) => k[0] === "type-key"));
  await page.locator("[data-act=at][data-at='2']").tap();
  assert.equal(await page.locator("[data-act=key][aria-label='digit A']").count(), 1);
  assert.equal(await page.locator(".type-key").count(), 0);
  // FP99 typed: refused with the reason, and the text stays to be corrected.
  await page.locator("details.typed-line summary").tap();
  await page.fill("#card-text", "FP99@N");
  await page.locator("[data-act=add-text]").tap();
  assert.match(await message(page), /^no card can show FP99: only Hades, Excalibur II and Ultima Weapon/);
  assert.equal(await page.inputValue("#card-text"), "FP99@N");
  await page.fill("#card-text", "Goblin:0P00@N");
  await page.locator("[data-act=add-text]").tap();
  assert.equal(await entered(page), 1);
  // A battle's numbers: one given alone is refused, and both fields keep what was typed.
  const s = scripts[1];
  await page.close();
  const p2 = await openPlay(SIZES.portrait);
  await setMine(p2, s.mine);
  const k = s.commands.findIndex((c) => c.do === "battle" && c.shown);
  await playScript(p2, s, 0, k);
  await p2.fill("#shown-mine", String(s.commands[k].shown[0]));
  await p2.locator("[data-act=battle][data-won='1']").tap();
  assert.equal(await message(p2), "Give both numbers shown, mine and theirs, or neither.");
  assert.equal(await p2.inputValue("#shown-mine"), String(s.commands[k].shown[0]));
  await p2.fill("#shown-theirs", "999");
  await p2.locator("[data-act=battle][data-won='1']").tap();
  assert.equal(await message(p2), "The numbers shown are 0 to 255.");
  assert.equal(await p2.inputValue("#shown-theirs"), "999");
  await p2.close();
});

test("an undo while the adviser searches shows no advice for the old position", async () => {
  const s = scripts[0];
  const page = await openPlay();
  // My first move, searched with a 30 s budget: the search is under way when I undo.
  const k = s.commands.findIndex((c, i) => i >= 7 && c.do === "place" && c.slot < 5);
  await setMine(page, s.mine, "30000");
  await playScript(page, s, 0, k);
  assert.equal((await state(page)).ask, "place_me");
  await page.waitForSelector(".play[data-advised='1'][data-refining='1']");
  const before = await page.evaluate(() => ({ ...globalThis.quadmistPlay.stats }));
  await page.locator("[data-act=undo]").tap();
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
  // Back to the same position: it is searched afresh, a first answer at once, then refined.
  await command(page, counter(page), s.commands[k - 1]);
  await page.waitForSelector(".play[data-advised='1']");
  await page.close();
});

test("a duplicated tab (its sessionStorage copied) goes on with a match of its own", async () => {
  const s = scripts[5];
  const pa = await openPlay();
  await setMine(pa, s.mine);
  await playScript(pa, s, 0, 9);
  const sa = await state(pa);
  // The second tab gets the first's tab id, as a duplicated tab does, and is reloaded.
  const id = await pa.evaluate(() => sessionStorage.getItem("quadmist.play.tab"));
  const pb = await openPlay();
  await pb.evaluate((v) => sessionStorage.setItem("quadmist.play.tab", v), id);
  await reload(pb);
  assert.deepEqual(await state(pb), sa, "the duplicate starts from the same match");
  assert.notEqual(await pb.evaluate(() => sessionStorage.getItem("quadmist.play.tab")), id);
  // A move in the duplicate leaves the first tab's match as it was, across reloads.
  await playScript(pb, s, 9, 10);
  await reload(pa);
  assert.deepEqual(await state(pa), sa);
  await pa.close();
  await pb.close();
});

test("my cards are tapped from a save in hand order; the list shows arrows and stats, sorts, and tells copies apart", async () => {
  const page = await openPlay();
  await page.setInputFiles("#save", join(fixtures, "ff9-file1.psv"));
  await page.waitForSelector("#save-cards button");
  const cards = await page.locator("#save-cards button").evaluateAll((bs) =>
    bs.map((b) => ({
      slot: b.dataset.slot,
      digits: b.querySelector(".digits").textContent,
      arrows: b.querySelectorAll(".ar").length,
      stats: b.querySelector(".stats").textContent,
      name: b.querySelector(".about b").textContent,
      about: b.querySelector(".about").textContent,
    })),
  );
  assert.ok(cards.length >= 5);
  assert.ok(cards.every((c) => /^\d+\/[PMXA]\/\d+\/\d+$/.test(c.stats)), "exact stats shown");
  assert.ok(cards.some((c) => c.arrows > 0), "arrows shown");
  // Two cards with the same name and the same stats and arrows carry a copy number.
  const key = (c) => `${c.name} ${c.stats} ${c.arrows}`;
  for (const c of cards) {
    const same = cards.filter((o) => key(o) === key(c) && o.digits === c.digits);
    if (same.length > 1) assert.match(c.about, /\(copy \d\)/, c.about);
  }
  // Sorted strongest first on request: the stats' sums do not rise.
  await page.selectOption("#sort", "strength");
  const sums = await page.locator("#save-cards .stats").evaluateAll((s) =>
    s.map((e) => e.textContent.split("/").filter((_, i) => i !== 1).reduce((a, v) => a + Number(v), 0)),
  );
  assert.deepEqual(sums, [...sums].sort((a, b) => b - a));
  const buttons = page.locator("#save-cards button");
  const order = [3, 0, 4, 1, 2];
  const expected = [];
  for (const i of order) expected.push(await buttons.nth(i).locator(".digits").textContent());
  for (const i of order) await buttons.nth(i).tap();
  assert.equal(await page.locator("#save-cards .order").count(), 5);
  await page.locator("#start").tap();
  await page.waitForSelector(".play");
  const digits = await page.locator(".hand.mine .digits").allTextContents();
  assert.deepEqual(digits, expected);
  await page.close();
  // The save's cards are kept: a new tab offers the same hand again.
  const again = await openPlay();
  assert.equal(await again.locator(".rematch").count(), 1);
  await again.close();
});

/** The WCAG contrast ratio of two computed colours. */
function contrastScript() {
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
  const text = [...document.querySelectorAll(".question, .hand .digits, .cell .digits, .moves td, .bar .score, .log li")]
    .map((e) => [e.className || e.tagName, ratio(getComputedStyle(e).color, bg(e))]);
  const empty = document.querySelector(".cell:not(.blue):not(.red):not(.block):not(.best)");
  const owners = [...document.querySelectorAll(".cell.blue, .cell.red")].map((c) => [
    c.className,
    ratio(getComputedStyle(c).backgroundColor, getComputedStyle(empty).backgroundColor),
  ]);
  return { text, owners };
}

test("light and dark: text at least 7:1, owned cells filled at least 3:1 against an empty cell", async () => {
  const page = await openPlay();
  const s = scripts[0];
  await setMine(page, s.mine);
  const k = s.commands.findIndex((c, i) => i > 12 && c.do === "place" && c.slot < 5);
  await playScript(page, s, 0, k);
  await page.waitForSelector(".play[data-advised='1']");
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    const { text, owners } = await page.evaluate(`(${contrastScript})()`);
    assert.ok(owners.length >= 2 && owners.some(([c]) => c.includes("red")) && owners.some(([c]) => c.includes("blue")));
    for (const [what, r] of text) assert.ok(r >= 7, `${scheme}: ${what} ${r.toFixed(2)}:1`);
    for (const [what, r] of owners) assert.ok(r >= 3, `${scheme}: ${what} ${r.toFixed(2)}:1 against empty`);
    await checkLayout(page, scheme);
  }
  await page.close();
});

test("a save with fewer than five cards says so plainly", async (t) => {
  // A genuine PlayStation save at the start of the game: 3 cards.
  const file = join(shared, "psx-ff9", "usa.mcr");
  if (!existsSync(file)) {
    if (CI) throw new Error(`${file} is required under CI=true`);
    t.skip(`${file} is missing (the shared data is not here)`);
    return;
  }
  const page = await openPlay();
  await page.setInputFiles("#save", file);
  await page.waitForSelector("#save-cards button");
  assert.equal(await page.locator("#save-cards button").count(), 3);
  assert.match(await page.locator("#setup-message").textContent(), /^This save holds 3 cards: a hand needs five\./);
  assert.equal(await page.locator("#start").isDisabled(), true);
  await page.close();
});

test("the companion installs to a home screen, and sends nothing anywhere", async () => {
  // Every request of the page, its workers and its service worker, over a match's start and
  // an advised move of mine.
  const requests = [];
  const listen = (r) => requests.push(r.url());
  env.context.on("request", listen);
  const page = await openPlay();
  await page.waitForSelector("body[data-offline='1']");
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  assert.deepEqual(installabilityErrors, []);
  const manifest = await page.evaluate(async () => (await fetch("play.webmanifest")).json());
  assert.equal(manifest.start_url, "play.html");
  assert.equal(manifest.display, "standalone");
  const s = scripts[0];
  await setMine(page, s.mine);
  const k = s.commands.findIndex((c, i) => i > 6 && c.do === "place" && c.slot < 5);
  await playScript(page, s, 0, k);
  await page.waitForSelector(".play[data-advised='1']");
  await page.close();
  env.context.off("request", listen);
  assert.ok(requests.length > 0);
  assert.deepEqual(requests.filter((u) => !u.startsWith(env.url)), []);
});

for (const [label, size] of Object.entries(SIZES)) {
  test(`axe-core finds no serious or critical violation (${label}, light and dark)`, async () => {
    const s = scripts[1];
    const page = await openPlay(size);
    const seen = [];
    const check = async (where) => {
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        const v = await harness.axe(page);
        assert.equal(v.length, 0, `${label} ${scheme} ${where}:\n${harness.axeReport(v)}`);
      }
      seen.push(where);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        for (const scheme of ["light", "dark"]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.screenshot({ path: join(SHOTS, `play-${size.width}x${size.height}-${where}-${scheme}.png`) });
        }
      }
    };
    await check("setup");
    await setMine(page, s.mine, "1000");
    await page.locator("[data-act=arrow][data-bit='0']").tap();
    await page.locator("[data-act=key][data-key='1']").tap();
    await check("picker");
    await page.locator("[data-act=arrow][data-bit='0']").tap();
    await page.locator("[data-act=back]").first().tap();
    await playScript(page, s, 0, 5);
    await check("blocks");
    const k = s.commands.findIndex((c, i) => i > 8 && c.do === "place" && c.slot < 5);
    await playScript(page, s, 5, k);
    await page.waitForSelector(".play[data-advised='1']");
    await check("my-move");
    const b = s.commands.findIndex((c, i) => i >= k && c.do === "battle");
    await playScript(page, s, k, b);
    await check("battle");
    await playScript(page, s, b);
    await check("over");
    assert.equal(seen.length, 6);
    await page.close();
  });
}
