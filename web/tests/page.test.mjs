// The built page in Debian's headless Chromium, against the command line's own answers.
// Run: `bash web/build.sh && cd web && npm test` (.ci/run does both).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  CI,
  dist,
  fixtureFiles,
  fixtures,
  genuineFiles,
  open,
  pick,
  quadmistBin,
  run,
  showSave,
  start,
  viewShown,
} from "./harness.mjs";

let env;
let bin;
const scratch = mkdtempSync(join(tmpdir(), "quadmist-web-test-"));

before(async () => {
  bin = quadmistBin();
  env = await start();
});

after(async () => {
  await env?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The FF9 saves of a file as the command line lists them. */
function ff9Saves(file) {
  const r = run(bin, ["saves", basename(file), "--json"], dirname(file));
  if (r.code !== 0) return [];
  return JSON.parse(r.stdout).saves.filter((s) => s.game === "ff9").map((s) => s.save);
}

/** `quadmist score FILE --save S --json`, run beside the file: {points, card_count} or the
 * error line it prints. */
function cliScore(file, save) {
  const r = run(bin, ["score", basename(file), "--save", save, "--json"], dirname(file));
  if (r.code === 0) {
    const j = JSON.parse(r.stdout);
    return { points: j.points, cards: j.card_count };
  }
  const line = r.stderr.split("\n").find((l) => l.startsWith("error: "));
  return { error: line?.slice("error: ".length) };
}

/** Drops `files` on a fresh page and checks every FF9 save's points and cards against the
 * command line. Returns how many saves were checked. */
async function checkAgainstCli(files) {
  const page = await open(env);
  await pick(page, files);
  let checked = 0;
  for (const [i, file] of files.entries()) {
    for (const save of ff9Saves(file)) {
      const want = cliScore(file, save);
      const got = await showSave(page, i, save);
      const what = `${basename(file)} save ${save}`;
      if (want.error) {
        assert.equal(got.error, want.error, what);
      } else {
        assert.equal(got.error, null, what);
        assert.equal(got.points, want.points, `${what}: points`);
        assert.equal(got.cards, want.cards, `${what}: cards`);
        assert.equal(got.album, 100, `${what}: album cards`);
        assert.ok(got.owned <= got.cards, `${what}: owned ${got.owned} of ${got.cards}`);
      }
      checked++;
    }
  }
  await page.close();
  return checked;
}

test("every fixture: points and cards as `quadmist score --json` says", async () => {
  const checked = await checkAgainstCli(fixtureFiles());
  // ff9-three-saves.mcr and .gme hold three FF9 saves each, the .mcs and .psv one each.
  assert.equal(checked, 8);
});

test("every genuine PS1, PC and Switch file: points and cards as the command line says", async (t) => {
  const files = genuineFiles();
  if (!files) return t.skip("needs ../shared/data/real (required under CI=true)");
  const checked = await checkAgainstCli(files);
  assert.ok(checked >= 30, `${checked} saves checked`);
});

test("the fixture card: 100 album cards, the score and an exported report equal to the CLI's", async () => {
  const file = join(fixtures, "ff9-three-saves.mcr");
  const page = await open(env);
  await pick(page, [file]);
  // The first FF9 save is shown at once.
  await viewShown(page, "0:1");
  assert.equal(await page.locator("#view details.card[data-id][data-owned]").count(), 100);
  assert.equal(await page.locator("#view #points").getAttribute("data-points"), "915");
  // Save 1 holds 83 cards (the library's doc example).
  assert.equal(await page.locator("#view").getAttribute("data-cards"), "83");
  // A card opens on its copies with exact stats and caps.
  const goblin = page.locator("#view details#card-1");
  await goblin.locator("summary").click();
  assert.ok(await goblin.evaluate((d) => d.open));
  await goblin.locator(".copies[data-filled]").waitFor();
  assert.match(await goblin.locator(".copies").innerText(), /caps \d+ \/ \d+ \/ \d+/);
  const panel = await goblin.locator(".copies").innerHTML();

  const download = page.waitForEvent("download");
  await page.click("#export");
  const d = await download;
  assert.equal(d.suggestedFilename(), "ff9-three-saves-save-1-collection.html");
  const saved = join(scratch, "exported.html");
  await d.saveAs(saved);
  const cli = run(bin, ["report", "ff9-three-saves.mcr", "--save", "1", "-o", "-"], fixtures);
  assert.equal(cli.code, 0);
  assert.ok(readFileSync(saved).equals(Buffer.from(cli.stdout)), "the export differs from the CLI's page");
  // The panel the page renders when a card opens is the report's, markup for markup.
  const report = await env.context.newPage();
  await report.setContent(cli.stdout);
  assert.equal(await report.locator("#card-1 .copies").innerHTML(), panel);
  await report.close();
  await page.close();
});

test("the sample card: its missing cards and their sources as `quadmist missing --json` says", async () => {
  const page = await open(env);
  await page.click("#sample");
  await viewShown(page, "0:1");
  // The sample is fixtures/ff9-file1.mcs, save 1 of the fixture card alone.
  const score = cliScore(join(fixtures, "ff9-file1.mcs"), "1");
  assert.equal(Number(await page.locator("#view #points").getAttribute("data-points")), score.points);
  const cli = run(bin, ["missing", "ff9-file1.mcs", "--json"], fixtures);
  assert.equal(cli.code, 0);
  const want = JSON.parse(cli.stdout).missing;
  // Each card is an item of the list, with its ways (but "any card player", said once in the
  // legend) behind its disclosure, or one of the cards only card players may hold.
  const got = await page.$$eval("#missing ul.missing > li", (items) =>
    items.map((li) => ({
      number: Number(li.getAttribute("data-number")),
      obtainable: li.getAttribute("data-obtainable") === "true",
      ways: li.querySelectorAll(".way-sources li").length,
      possible: li.querySelectorAll('.way-sources li[data-state="open"], .way-sources li[data-state="later"]').length,
    })),
  );
  const playersOnly = await page.$$eval("#missing .players-only [data-number]", (els) =>
    els.map((e) => Number(e.getAttribute("data-number"))),
  );
  const shown = (m) => m.sources.filter((s) => s.where !== "any card player");
  assert.deepEqual(
    got,
    want.filter((m) => shown(m).length > 0).map((m) => ({
      number: m.number,
      obtainable: m.obtainable,
      ways: shown(m).length,
      possible: shown(m).filter((s) => s.possible).length,
    })),
  );
  assert.deepEqual(playersOnly, want.filter((m) => shown(m).length === 0).map((m) => m.number));
  assert.ok(want.length > 0, "the sample lacks some cards");
  await page.close();
});

test("hostile files: the command line's messages, and the page stays usable", async () => {
  const random = join(scratch, "random.bin");
  // A fixed pseudo-random sequence (xorshift), so a failure can be replayed.
  const bytes = Buffer.alloc(20000);
  let x = 0x9e3779b9;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    bytes[i] = x & 0xff;
  }
  writeFileSync(random, bytes);
  const big = join(scratch, "huge.mcr");
  writeFileSync(big, Buffer.alloc(16 * 1024 * 1024 + 1));
  const nested = join(scratch, "nested.json");
  writeFileSync(nested, '{"a":'.repeat(100000) + "1" + "}".repeat(100000));
  const card = join(fixtures, "ff9-three-saves.mcr");

  const page = await open(env);
  await pick(page, [random, big, nested]);
  const messages = await page.locator("#file-list .finding.error").allInnerTexts();
  for (const [i, file] of [random, big, nested].entries()) {
    const r = run(bin, ["saves", basename(file)], scratch);
    assert.equal(r.code, 1, `${basename(file)}: the CLI finds nothing usable`);
    const want = r.stderr.split("\n").find((l) => l.startsWith("error: "));
    assert.equal(messages[i], want, basename(file));
  }
  // Still usable: a good card dropped after them shows its album.
  await pick(page, [card]);
  await viewShown(page, "3:1");
  assert.equal(await page.locator("#view details.card").count(), 100);
  await page.close();
});

test("nothing is requested after the page has loaded", async () => {
  const page = await open(env);
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  await pick(page, fixtureFiles());
  await viewShown(page, "0:1");
  // ff9-three-saves.mcr (the fourth file): save 2, a card opened, the report exported.
  await showSave(page, 3, "2");
  await page.locator("#view details#card-2 summary").click();
  const download = page.waitForEvent("download");
  await page.click("#export");
  await download;
  await page.goBack();
  await viewShown(page, "0:1");
  // A download from memory is a blob: URL, which never leaves the browser.
  assert.deepEqual(requests.filter((u) => !u.startsWith("blob:")), []);
  await page.close();
});

test("the save page's whole download is at most 300 kB gzipped, and every file has its .gz and .br", async () => {
  const page = await env.context.newPage();
  const files = new Set();
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.origin === new URL(env.url).origin) files.add(u.pathname === "/" ? "index.html" : u.pathname.slice(1));
  });
  await page.goto(env.url);
  await page.waitForSelector("body[data-ready='1']");
  await page.waitForTimeout(300);
  await page.close();
  // The page, its styles and icon, its two scripts and its WebAssembly (not the companion's).
  for (const f of ["index.html", "main.js", "worker.js", "quadmist_web_bg.wasm"]) {
    assert.ok(files.has(f), `${f} not requested: ${[...files]}`);
  }
  assert.ok(![...files].some((f) => f.startsWith("play") || f.includes("quadmist_play")), [...files].join(", "));
  let gz = 0;
  for (const f of files) {
    const raw = readFileSync(join(dist, f));
    const g = readFileSync(join(dist, `${f}.gz`));
    assert.ok(gunzipSync(g).equals(raw), `${f}.gz is not ${f}`);
    assert.ok(brotliDecompressSync(readFileSync(join(dist, `${f}.br`))).equals(raw), `${f}.br is not ${f}`);
    gz += g.length;
  }
  assert.ok(gz <= 300_000, `${gz} bytes gzipped`);
});

test("the hash keeps the view and Back returns to the list, then to the earlier save", async () => {
  const page = await open(env);
  await pick(page, fixtureFiles());
  await viewShown(page, "0:1");
  assert.equal(new URL(page.url()).hash, "#f=0&s=1");
  await page.click('#file-list a[href="#f=3&s=3"]');
  await viewShown(page, "3:3");
  await page.goBack();
  await viewShown(page, "0:1");
  await page.goBack();
  await page.waitForFunction(() => document.getElementById("view")?.hidden === true);
  await page.goForward();
  await viewShown(page, "0:1");
  await page.close();
});

test("two saves compared: the points moved as the command line's diff says", async () => {
  const file = join(fixtures, "ff9-three-saves.mcr");
  const page = await open(env);
  await pick(page, [file]);
  await page.selectOption("#old", "0:2");
  await page.selectOption("#new", "0:1");
  await page.click("#compare button[type=submit]");
  await viewShown(page, "0:2,0:1");
  const cli = run(bin, ["diff", "ff9-three-saves.mcr:2", "ff9-three-saves.mcr:1", "--json"], fixtures);
  assert.equal(cli.code, 0);
  const d = JSON.parse(cli.stdout);
  const points = page.locator("#diff-points");
  assert.equal(Number(await points.getAttribute("data-before")), d.points.before);
  assert.equal(Number(await points.getAttribute("data-after")), d.points.after);
  assert.equal(await page.locator("#diff ul.added li").count(), d.added.length);
  assert.equal(await page.locator("#diff ul.removed li").count(), d.removed.length);
  await page.close();
});

test("keyboard: the file input, a save and an album card are reached with Tab and Enter", async () => {
  const page = await open(env);
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "files");
  // Picking needs the system's dialog; the file is given as a tool gives it.
  await pick(page, [join(fixtures, "ff9-three-saves.mcr")]);
  await viewShown(page, "0:1");
  // The view's heading has the focus; Tab on to the first album card, Enter opens it.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.closest("details.card"))) break;
  }
  assert.equal(await page.evaluate(() => document.activeElement?.closest("details.card")?.id), "card-1");
  await page.keyboard.press("Enter");
  assert.ok(await page.evaluate(() => document.getElementById("card-1").open));
  await page.keyboard.press("Escape");
  assert.ok(!(await page.evaluate(() => document.getElementById("card-1").open)));
  // Back to the list with the keyboard: Shift+Tab to "All files", Enter.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Shift+Tab");
    if (await page.evaluate(() => document.activeElement?.textContent === "All files")) break;
  }
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("view")?.hidden === true);
  await page.close();
});

for (const [width, scheme] of [[390, "light"], [390, "dark"], [1280, "light"], [1280, "dark"]]) {
  test(`a screenshot at ${width} px (${scheme}) is not empty and nothing overflows`, async () => {
    const page = await open(env, width);
    await page.emulateMedia({ colorScheme: scheme });
    await pick(page, [join(fixtures, "ff9-three-saves.mcr")]);
    await viewShown(page, "0:1");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the ${width} px screen`);
    const shot = join(process.env.QUADMIST_SCREENSHOTS ?? scratch, `page-${width}-${scheme}.png`);
    await page.screenshot({ path: shot, fullPage: false });
    const png = readFileSync(shot);
    assert.ok(statSync(shot).size > 10_000, `${shot}: ${png.length} bytes`);
    // Not one colour: the screenshot's pixels differ (a blank page compresses to almost nothing).
    const distinct = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length && seen.size < 50; i += 4 * 97) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
      return seen.size;
    }, png.toString("base64"));
    assert.ok(distinct >= 10, `only ${distinct} colours`);
    await page.close();
  });
}

if (CI) {
  test("under CI=true the genuine files are there", () => {
    assert.ok(genuineFiles(), "../shared/data/real is required under CI=true");
  });
}
