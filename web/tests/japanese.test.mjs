// A genuine Japanese save on the page at a phone's width: its place in kana, the leader not
// named yet said in words, and nothing wider than the screen (Japanese text is double width).
// Run: `bash web/build.sh && cd web && npm test`. With QUADMIST_SCREENSHOTS=DIR the phone's
// screenshots are kept in DIR.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { genuineFiles, open, pick, shared, start, viewShown } from "./harness.mjs";

let env;
const scratch = mkdtempSync(join(tmpdir(), "quadmist-web-japanese-"));

before(async () => {
  env = await start();
});

after(async () => {
  await env?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The `<dd>` after the `<dt>` named `term` in the view's Source section. */
async function detail(page, term) {
  return page.evaluate((term) => {
    const dt = [...document.querySelectorAll("#view dt")].find((d) => d.textContent === term);
    return dt?.nextElementSibling?.textContent ?? null;
  }, term);
}

test("a genuine Japanese save at 390 px: place in kana, Vivi not named yet, nothing overflows", async (t) => {
  if (!genuineFiles()) return t.skip("needs ../shared/data/real (required under CI=true)");
  const page = await open(env, 390);
  await pick(page, [join(shared, "psx-ff9", "japan.mcr")]);
  await viewShown(page, "0:1");
  // What the save's title says in Shift-JIS (FF9/ファイル15/00:16/アレクサンドリア), decoded
  // from the block with the Japanese table; the party's leader is stored as question marks.
  assert.equal(await detail(page, "Location"), "アレクサンドリア");
  assert.equal(await detail(page, "Leader"), "Vivi (not named yet), level 1");
  // The view's title names the open save (its leader is in the Leader line above).
  const heading = await page.locator("#view h1, #view h2").first().textContent();
  assert.equal(heading.trim(), "japan.mcr, save 1");
  const text = await page.evaluate(() => document.body.innerText);
  assert.ok(!text.includes("??????"), "question marks shown as a name");
  assert.ok(!/\\x[0-9A-F]{2}/.test(text), "a code shown as hex");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow} px wider than the 390 px screen`);
  // Every line of the Source section within the screen: no Japanese text sticks out.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("#view dd")]
      .filter((d) => d.getBoundingClientRect().right > innerWidth)
      .map((d) => d.textContent),
  );
  assert.deepEqual(wide, []);
  const dir = process.env.QUADMIST_SCREENSHOTS ?? scratch;
  await page.screenshot({ path: join(dir, "japanese-top-390.png") });
  await page.locator("#view dt", { hasText: "Location" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(dir, "japanese-source-390.png") });
  assert.ok(statSync(join(dir, "japanese-source-390.png")).size > 10_000);
  await page.close();
});
