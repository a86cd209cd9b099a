// The save page as a new player meets it in the first minute: which save is which, the status
// line, the comparison, the file list. Each test here failed on the page before its fix.
// Run: `bash web/build.sh && cd web && npm test` (.ci/run does both).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fixtures, open, pick, quadmistBin, run, shared, showSave, start, viewShown } from "./harness.mjs";
import { existsSync } from "node:fs";

let env;
let bin;
const scratch = mkdtempSync(join(tmpdir(), "quadmist-web-player-"));
const card = join(fixtures, "ff9-three-saves.mcr");
const steam = join(shared, "steam", "SavedData_ww.dat");

before(async () => {
  bin = quadmistBin();
  env = await start();
});

after(async () => {
  await env?.close();
  rmSync(scratch, { recursive: true, force: true });
});


/** The genuine file, or a skip (a failure under CI=true, where harness.mjs requires them). */
function genuine(t, path) {
  if (existsSync(path)) return true;
  if (process.env.CI === "true") throw new Error(`${path} is required under CI=true`);
  t.skip(`needs ${path}`);
  return false;
}

test("the comparison form hides until two saves are open, and then offers two different ones", async () => {
  const page = await open(env);
  assert.equal(await page.locator("#compare").isVisible(), false, "shown with no file open");
  await pick(page, [join(fixtures, "ff9-file1.mcs")]);
  await viewShown(page, "0:1");
  assert.equal(await page.locator("#compare").isVisible(), false, "shown with one save open");
  await pick(page, [card]);
  await page.locator("#compare").waitFor({ state: "visible" });
  const [a, b] = [await page.inputValue("#old"), await page.inputValue("#new")];
  assert.notEqual(a, b, "the two selects offer the same save");
  await page.close();
});

test("a card named in a comparison opens in its save's album, and Back returns to the comparison", async () => {
  const page = await open(env);
  await pick(page, [card]);
  await viewShown(page, "0:1");
  await page.selectOption("#old", "0:3");
  await page.selectOption("#new", "0:1");
  await page.click("#compare button[type=submit]");
  await viewShown(page, "0:3,0:1");
  // The first card won between save 3 and save 1, named in the later save.
  const link = page.locator("#diff ul.added a").first();
  const number = (await link.getAttribute("href")).match(/card[-=](\d+)/)[1];
  await link.click();
  await viewShown(page, "0:1");
  await page.waitForFunction((n) => document.getElementById(`card-${n}`)?.open === true, number);
  await page.goBack();
  await viewShown(page, "0:3,0:1");
  assert.equal(await page.locator("#diff").count(), 1);
  await page.close();
});

test("once a save is open, the status line names it and asks for nothing", async () => {
  const page = await open(env);
  await pick(page, [card]);
  await viewShown(page, "0:1");
  const status = await page.locator("#status").innerText();
  assert.doesNotMatch(status, /Choose one/, status);
  assert.match(status, /save 1/i, status);
  await page.close();
});

test("a file that cannot be read: the status line names it and its error is in sight", async () => {
  const bad = join(scratch, "not-a-save.bin");
  writeFileSync(bad, Buffer.alloc(3000, 7));
  const page = await open(env, 390);
  await pick(page, [bad]);
  await page.waitForFunction(() => !/^Reading/.test(document.getElementById("status").textContent));
  assert.match(await page.locator("#status").innerText(), /not-a-save\.bin/);
  const error = page.locator(".finding.error").first();
  await error.waitFor();
  const inSight = await error.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  assert.ok(inSight, "the error is out of view");
  await page.close();
});

test("after a load the file picker shows what is open, not 'No file chosen'", async () => {
  const page = await open(env);
  await pick(page, [card]);
  await viewShown(page, "0:1");
  // The browser's own input (which would say "No file chosen" again) is not what shows: a
  // button-like label does, and the list names the file.
  const box = await page.locator("#files").boundingBox();
  assert.ok(!box || box.width <= 1 || box.height <= 1, `the native input shows: ${JSON.stringify(box)}`);
  assert.match(await page.locator("label[for=files]").innerText(), /\S/);
  assert.match(await page.locator("#file-list").innerText(), /ff9-three-saves\.mcr/);
  await page.close();
});

test("the same file dropped twice is listed once; a file can be removed, and all cleared", async () => {
  const page = await open(env);
  await pick(page, [card]);
  await viewShown(page, "0:1");
  await page.setInputFiles("#files", [card, join(fixtures, "ff9-file1.mcs")]);
  await page.waitForFunction(() => document.querySelectorAll("#file-list section.file").length === 2);
  await page.waitForFunction(() => /already open/.test(document.getElementById("status").textContent));
  const names = await page.locator("#file-list section.file h3").allInnerTexts();
  assert.deepEqual(names.map((n) => n.split("\n")[0].trim()), ["ff9-three-saves.mcr", "ff9-file1.mcs"]);
  // Removing the file on screen returns to the list.
  await page.click('#file-list section.file[data-file="0"] button.remove');
  await page.waitForFunction(() => document.querySelectorAll("#file-list section.file").length === 1);
  await page.waitForFunction(() => document.getElementById("view")?.dataset.shown !== "0:1");
  assert.equal(await page.locator("#file-list").innerText().then((t) => t.includes("ff9-three-saves")), false);
  await page.click("#clear");
  await page.waitForFunction(() => document.querySelectorAll("#file-list section.file").length === 0);
  assert.equal(await page.locator("#compare").isVisible(), false);
  await page.close();
});

test("each save is named as the game's load screen names it: leader and level, disc, place, time, points", async () => {
  const page = await open(env);
  await pick(page, [card]);
  await viewShown(page, "0:1");
  const items = await page.locator('#file-list section.file[data-file="0"] ul.saves > li').allInnerTexts();
  assert.equal(items.length, 3);
  // From the command line: `saves --json` (leader, level, disc, place, play time in seconds) and
  // `score --json` (points), the time written as the game writes it (H:MM:SS).
  const cli = JSON.parse(run(bin, ["saves", basename(card), "--json"], dirname(card)).stdout).saves;
  for (const [i, s] of cli.entries()) {
    const item = items[i];
    const t = Math.floor(s.summary.play_time_seconds);
    const time = `${Math.floor(t / 3600)}:${String(Math.floor(t / 60) % 60).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
    const points = JSON.parse(run(bin, ["score", basename(card), "--save", s.save, "--json"], dirname(card)).stdout).points;
    for (const want of [`Lv ${s.summary.leader_level}`, `disc ${s.disc ?? s.game_info?.disc}`,
      time, `${points} points`, s.summary.leader_name]) {
      assert.ok(item.includes(String(want)), `save ${s.save}: "${want}" not in "${item}"`);
    }
    if (s.summary.location) assert.ok(item.includes(s.summary.location), item);
  }
  await page.close();
});

test("the view's title names the open save", async () => {
  const page = await open(env);
  await pick(page, [card]);
  await viewShown(page, "0:1");
  await showSave(page, 0, "2");
  const heading = await page.locator("#view h2.title").innerText();
  assert.match(heading, /save 2/i, heading);
  assert.match(heading, /ff9-three-saves\.mcr/, heading);
  assert.match(await page.title(), /save 2/i);
  await page.close();
});

test("a PC file opens the save `quadmist saves` marks latest", async (t) => {
  if (!genuine(t, steam)) return;
  const page = await open(env);
  await pick(page, [steam]);
  // `saves --json` names the latest save in a finding of the file (its table, in STATE).
  const cli = JSON.parse(run(bin, ["saves", basename(steam), "--json"], dirname(steam)).stdout);
  const latest = [...cli.saves.filter((s) => s.latest === true).map((s) => s.save),
    ...cli.problems.filter((p) => /is the latest save/.test(p.message)).map((p) => p.save)];
  assert.equal(new Set(latest).size, 1, JSON.stringify(cli));
  // Not the autosave, which the file lists first and which a reader taking the first save opens.
  assert.notEqual(latest[0], cli.saves[0].save);
  await viewShown(page, `0:${latest[0]}`);
  await page.close();
});

test("a comparison runs from the earlier save to the later by play time, whatever the order chosen", async () => {
  const page = await open(env);
  await pick(page, [card]);
  await viewShown(page, "0:1");
  // Save 1 is at 34 hours, save 2 at 18: chosen the wrong way round.
  await page.selectOption("#old", "0:1");
  await page.selectOption("#new", "0:2");
  await page.click("#compare button[type=submit]");
  await page.locator("#diff").waitFor();
  const cli = JSON.parse(run(bin, ["diff", `${basename(card)}:2`, `${basename(card)}:1`, "--json"], fixtures).stdout);
  const points = page.locator("#diff-points");
  assert.equal(Number(await points.getAttribute("data-before")), cli.points.before);
  assert.equal(Number(await points.getAttribute("data-after")), cli.points.after);
  assert.equal(await page.locator("#diff .playthrough").count(), 0, "one playthrough: no warning");
  await page.close();
});

test("two playthroughs compared: the comparison warns", async (t) => {
  if (!genuine(t, steam)) return;
  const page = await open(env);
  await pick(page, [card, steam]);
  await viewShown(page, "0:1");
  await page.selectOption("#old", "0:1");
  await page.selectOption("#new", "1:1-1");
  await page.click("#compare button[type=submit]");
  await page.locator("#diff").waitFor();
  assert.match(await page.locator("#diff .playthrough").innerText(), /playthrough/);
  await page.close();
});

test("a leader not named yet is said in words, never as question marks", async (t) => {
  const usa = join(shared, "psx-ff9", "usa.mcr");
  if (!genuine(t, usa)) return;
  const page = await open(env);
  await pick(page, [usa]);
  await viewShown(page, "0:1");
  const label = await page.locator("#file-list ul.saves > li").first().innerText();
  assert.doesNotMatch(label, /\?\?/, label);
  assert.match(label, /not named yet/, label);
  assert.doesNotMatch(await page.locator("#view").innerText(), /\?\?\?/);
  await page.close();
});
