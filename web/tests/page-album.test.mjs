// The album's legend, the table of copies and the plan's lists, read in a real Chromium and
// checked against what the command line computes for the same save (`cards --json`, `plan
// --json`): the digits against the exact values, the table's order, sorts and filters, the
// plan's discards with their costs and arrows; and the album put in on its own, painted before
// the sections after it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { basename, dirname, join } from "node:path";
import { fixtures, open, pick, quadmistBin, run, showSave, start, viewShown } from "./harness.mjs";

const card = join(fixtures, "ff9-three-saves.mcr");
let env;
let bin;
/** `cards --json` and `plan --json` of save 1 of the fixture card. */
let cards;
let plan;

before(async () => {
  bin = quadmistBin();
  const json = (cmd) => JSON.parse(run(bin, [cmd, basename(card), "--save", "1", "--json"], dirname(card)).stdout);
  cards = json("cards").cards;
  plan = json("plan");
  env = await start();
});
after(async () => env?.close());

/** The hex digit the game shows for an exact value: the value ÷ 16, rounded down. */
const digit = (v) => Math.floor(v / 16).toString(16).toUpperCase();
/** How many of a mask's eight bits are set. */
const ones = (m) => [...Array(8).keys()].filter((b) => (m >> b) & 1).length;

/** A page with save 1 of the fixture card open, at `width`. */
async function saveOne(width = 1280) {
  const page = await open(env, width);
  await pick(page, [card]);
  await showSave(page, 0, "1");
  return page;
}

/** The table of copies opened, each row's data as the page holds it, in the order shown. */
async function openTable(page) {
  await page.locator("#copies details.copies-table summary").click();
  await page.locator("#copies table.copies tbody tr").first().waitFor();
  return rows(page);
}

async function rows(page) {
  return page.$$eval("#copies table.copies tbody tr", (trs) =>
    trs.filter((r) => !r.hidden).map((r) => ({
      ...r.dataset,
      copy: r.cells[1].textContent.trim(),
      shows: r.cells[2].textContent.trim(),
      text: r.textContent,
    })));
}

test("the legend sits beside the album and names every mark, colour and digit", async () => {
  const page = await saveOne(1280);
  const legend = page.locator("#album aside.key");
  const text = await legend.innerText();
  for (const want of ["÷ 16", "P physical", "M magic", "X flexible", "A assault", "★", "×3", "number", "dashed"]) {
    assert.ok(text.includes(want), `"${want}" not in the legend:\n${text}`);
  }
  // Beside the album at 1280 px: to its right, overlapping it from top to bottom.
  const album = await page.locator("#album .album").boundingBox();
  const box = await legend.boundingBox();
  assert.ok(box.x >= album.x + album.width - 1, `legend at x ${box.x}, album ends at ${album.x + album.width}`);
  assert.ok(box.y < album.y + album.height, "the legend is below the album");
  // At 390 px it is still there, under the album.
  const phone = await saveOne(390);
  assert.ok(await phone.locator("#album aside.key").isVisible());
  await page.close();
  await phone.close();
});

test("the copies table lists each copy as the game's card menu finds it, its digits the values ÷ 16", async () => {
  const page = await saveOne();
  const shown = await openTable(page);
  assert.equal(shown.length, cards.length);
  // The card menu: card numbers in order, a card's copies in the save's order.
  const menu = [...cards].map((c, i) => ({ ...c, i })).sort((a, b) => a.number - b.number || a.i - b.i);
  const seen = new Map();
  for (const [k, c] of menu.entries()) {
    const r = shown[k];
    const nth = (seen.get(c.number) ?? 0) + 1;
    seen.set(c.number, nth);
    assert.equal(Number(r.slot), c.slot, `row ${k}`);
    assert.equal(r.copy, `${nth} of ${c.copies}`, `slot ${c.slot}`);
    assert.ok(r.text.includes(`${c.number} ${c.name}`), r.text);
    // What the game shows, from the exact values by the rule the legend states.
    assert.equal(r.shows, `${digit(c.atk)}${c.type}${digit(c.pdef)}${digit(c.mdef)}`, `slot ${c.slot}`);
    assert.equal(r.shows, c.display);
    assert.equal(Number(r.arrows), ones(c.arrows));
    assert.equal(Number(r.levelups), c.left.atk + c.left.pdef + c.left.mdef, `slot ${c.slot}`);
  }
  await page.close();
});

test("the copies table sorts by each stat both ways and filters by type, arrows, level-ups and name", async () => {
  const page = await saveOne(390);
  await openTable(page);
  for (const [column, key] of [["Attack", "atk"], ["Phys. def.", "pdef"], ["Mag. def.", "mdef"]]) {
    const want = cards.map((c) => c[key]).sort((a, b) => a - b);
    await page.locator("#copies th button", { hasText: column }).click();
    assert.deepEqual((await rows(page)).map((r) => Number(r[key])), want, `${column} ascending`);
    await page.locator("#copies th button", { hasText: column }).click();
    assert.deepEqual((await rows(page)).map((r) => Number(r[key])), [...want].reverse(), `${column} descending`);
  }
  const count = async () => (await rows(page)).length;
  const status = () => page.locator("#copies .count").innerText();
  await page.selectOption('#copies select[name="type"]', "X");
  assert.equal(await count(), cards.filter((c) => c.type === "X").length);
  assert.match(await status(), new RegExp(`^Showing ${await count()} of ${cards.length} copies`));
  await page.selectOption('#copies select[name="type"]', "");
  await page.selectOption('#copies select[name="arrows"]', "5");
  assert.equal(await count(), cards.filter((c) => ones(c.arrows) >= 5).length);
  await page.selectOption('#copies select[name="arrows"]', "0");
  await page.selectOption('#copies select[name="levelups"]', "50");
  assert.equal(await count(), cards.filter((c) => c.left.atk + c.left.pdef + c.left.mdef >= 50).length);
  await page.selectOption('#copies select[name="levelups"]', "0");
  await page.fill('#copies input[name="name"]', "crawler");
  assert.equal(await count(), cards.filter((c) => c.name === "Crawler").length);
  assert.ok(await count() > 1, "the fixture holds several Crawlers");
  await page.close();
});

test("the plan's discards: the free ones, then the others cheapest first with their cost, each with its arrows", async () => {
  const page = await saveOne();
  const bySlot = new Map(cards.map((c) => [c.slot, c]));
  // Free: exactly the slots `plan --json` calls safe, each with its arrows said.
  const safe = await page.locator("#plan #safe > li").all();
  assert.equal(safe.length, plan.safe_discards.length);
  for (const [k, li] of safe.entries()) {
    const slot = plan.safe_discards[k];
    const [arrows, where] = await li.evaluate((e) => [e.querySelector(".arrows").getAttribute("aria-label"), e.querySelector("small.slot").textContent]);
    assert.equal(where, `slot ${slot}`);
    const n = ones(bySlot.get(slot).arrows);
    assert.match(arrows, new RegExp(`^${n} arrows?`), `slot ${slot}`);
  }
  assert.match(await page.locator("#plan").innerText(), /without losing a point/);
  // When room is needed: in the JSON's order (cheapest first), each with its cost and the points after.
  const room = await page.$$eval("#plan table.room tbody tr", (trs) => trs.map((r) => ({
    slot: r.querySelector("small.slot").textContent,
    arrows: r.querySelector(".arrows").getAttribute("aria-label"),
    cost: r.cells[1].textContent,
    after: r.cells[2].textContent,
  })));
  assert.equal(room.length, plan.room_discards.length);
  let last = 0;
  for (const [k, d] of plan.room_discards.entries()) {
    assert.equal(room[k].slot, `slot ${d.slot}`);
    assert.equal(room[k].cost, `${d.cost} ${d.cost === 1 ? "point" : "points"}`);
    assert.equal(Number(room[k].after), d.points_after);
    assert.ok(d.cost >= last, "cheapest first");
    last = d.cost;
    assert.match(room[k].arrows, new RegExp(`^${ones(bySlot.get(d.slot).arrows)} arrows?`));
  }
  // After every discard the points are the keepers' own.
  assert.equal(plan.room_discards.at(-1).points_after, plan.master.keeper_points);
  // "Slot" is explained once; the battle wins are said in words.
  const text = await page.locator("#plan").innerText();
  assert.equal(text.match(/A slot is/g)?.length, 1, text);
  const wins = plan.master.expected_battle_wins;
  assert.equal(Number(await page.locator("#battle-wins").getAttribute("data-wins")), wins);
  assert.ok(text.includes(wins.toLocaleString("en-US")), `${wins} not written with separators`);
  assert.match(text, new RegExp(`about ${Math.round(wins / 1000)} thousand`));
  await page.close();
});

test("the album goes in whole, its first screen drawn in the first frame, the sections after it a frame later", async () => {
  const page = await open(env);
  // Counts the frames the page renders, and notes the frame at which each section appears.
  await page.evaluate(() => {
    const view = document.getElementById("view");
    const seen = (window.seen = {});
    let frames = 0;
    const tick = () => {
      frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new MutationObserver(() => {
      for (const id of ["album", "copies", "plan", "missing", "source", "findings"]) {
        if (seen[id] === undefined && view.querySelector(`#${id}`)) {
          seen[id] = {
            frame: frames,
            cards: view.querySelectorAll("#album details.card").length,
            busy: view.getAttribute("aria-busy"),
          };
        }
      }
      // In the album's first frame, which cards are laid out (a face drawn) and where.
      if (seen.album && !seen.faces) {
        seen.faces = [];
        requestAnimationFrame(() => {
          for (const card of view.querySelectorAll("#album details.card")) {
            const { top, bottom } = card.getBoundingClientRect();
            seen.faces.push({ top, bottom, drawn: card.querySelector("summary svg").checkVisibility() });
          }
        });
      }
    }).observe(view, { childList: true });
  });
  await pick(page, [card]);
  await viewShown(page, "0:1");
  const seen = await page.evaluate(() => window.seen);
  assert.equal(seen.album.cards, 100, "the album went in without all its cards");
  for (const id of ["copies", "plan", "missing", "source", "findings"]) {
    assert.ok(seen[id], `#${id} never went in`);
    assert.ok(seen[id].frame > seen.album.frame, `#${id} went in with the album, before a frame was painted`);
  }
  assert.equal(seen.album.busy, "true", "the view was not marked busy while its sections are to come");
  // The first frame lays out every card a player can see, and not the cards far below them
  // (1280 × 900: the header, the score and a few rows of the album are on the first screen).
  assert.equal(seen.faces.length, 100);
  const onScreen = seen.faces.filter((f) => f.bottom > 0 && f.top < 900);
  assert.ok(onScreen.length >= 10, `only ${onScreen.length} cards on the first screen`);
  assert.ok(onScreen.every((f) => f.drawn), "a card on the first screen was not drawn in the album's first frame");
  assert.equal(seen.faces[99].drawn, false, "the last card, far below the first screen, was laid out in the first frame");
  const drawn = await page.$$eval("#album details.card summary svg", (svgs) => svgs.filter((s) => s.checkVisibility()).length);
  assert.equal(drawn, 100, "once the view has settled, not every card is drawn");
  assert.equal(await page.locator("#view").getAttribute("aria-busy"), null);
  await page.close();
});
