// The save page measured for reach: axe-core (WCAG 2 A and AA, best practices) on the start
// page, an open save, an open card and a comparison, at 390 and 1280 px, light and dark, with no
// serious or critical violation; every tap target at least 44 × 44 px; the text on the cards'
// faces (SVG, which axe does not measure) at a contrast of 4.5:1 or more; a skip link past the
// album; a favicon and no failed request while the page loads.
// Run: `bash web/build.sh && cd web && npm test` (.ci/run does both).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { axe, axeReport, fixtures, open, pick, smallTargets, start, viewShown } from "./harness.mjs";

let env;
const card = join(fixtures, "ff9-three-saves.mcr");

before(async () => {
  env = await start();
});

after(async () => {
  await env?.close();
});


/** The four screens a player meets, each reached from a fresh page. */
const SCREENS = {
  async start() {},
  async save(page) {
    await pick(page, [card]);
    await viewShown(page, "0:1");
  },
  async card(page) {
    await SCREENS.save(page);
    await page.locator("#card-1 summary").click();
    await page.locator("#card-1 .copies[data-filled]").waitFor();
  },
  async comparison(page) {
    await SCREENS.save(page);
    await page.selectOption("#old", "0:3");
    await page.selectOption("#new", "0:1");
    await page.click("#compare button[type=submit]");
    await viewShown(page, "0:3,0:1");
  },
};

for (const width of [390, 1280]) {
  for (const scheme of ["light", "dark"]) {
    for (const [name, reach] of Object.entries(SCREENS)) {
      test(`axe at ${width} px, ${scheme}, ${name}: no serious or critical violation; 44 px targets`, async () => {
        const page = await open(env, width);
        await page.emulateMedia({ colorScheme: scheme });
        await reach(page);
        const violations = await axe(page);
        assert.equal(violations.length, 0, axeReport(violations));
        const small = await smallTargets(page, 44);
        assert.deepEqual(small, [], JSON.stringify(small.slice(0, 8)));
        await page.close();
      });
    }
  }
}

/** WCAG's contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const scheme of ["light", "dark"]) {
  test(`the text on every card face keeps a 4.5:1 contrast (${scheme})`, async () => {
    const page = await open(env);
    await page.emulateMedia({ colorScheme: scheme });
    await pick(page, [card]);
    await viewShown(page, "0:1");
    // Each face's colour (its rect) and the colour of each text on it.
    const pairs = await page.$$eval("#album svg", (svgs) =>
      svgs.flatMap((svg) => {
        const rect = svg.querySelector("rect");
        if (!rect || !rect.classList.contains("face")) return [];
        const bg = getComputedStyle(rect).fill;
        return [...svg.querySelectorAll("text")].map((t) => ({ bg, fg: getComputedStyle(t).fill, cls: t.getAttribute("class") }));
      }),
    );
    assert.ok(pairs.length > 100, `${pairs.length} texts`);
    const low = pairs.filter((p) => contrast(p.fg, p.bg) < 4.5);
    assert.deepEqual([...new Set(low.map((p) => `${p.cls} ${p.fg} on ${p.bg}: ${contrast(p.fg, p.bg).toFixed(2)}`))], []);
    await page.close();
  });
}

test("a skip link passes the album: Tab from the view's top reaches it, Enter lands after the album", async () => {
  const page = await open(env);
  await pick(page, [card]);
  await viewShown(page, "0:1");
  const skip = page.locator("#view a.skip");
  assert.equal(await skip.count(), 1);
  // It comes before the album's first card in the tab order.
  const order = await page.evaluate(() => {
    const skip = document.querySelector("#view a.skip");
    const first = document.querySelector("#album summary");
    return skip.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  assert.ok(order, "the skip link is after the album's first card");
  await skip.focus();
  await page.keyboard.press("Enter");
  const after = await page.evaluate(() => {
    const a = document.activeElement;
    const album = document.getElementById("album");
    return { inAlbum: album.contains(a), afterAlbum: !!(album.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) };
  });
  assert.deepEqual(after, { inAlbum: false, afterAlbum: true });
  // The next Tab goes on from there, not back into the album.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.getElementById("album").contains(document.activeElement)), false);
  await page.close();
});

test("a favicon, and no request fails while the page loads", async () => {
  const page = await env.context.newPage();
  const failed = [];
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on("requestfailed", (r) => failed.push(`failed ${r.url()}`));
  await page.goto(env.url);
  await page.waitForSelector("body[data-ready='1']");
  const icon = await page.locator("link[rel=icon]").getAttribute("href");
  assert.ok(icon, "no <link rel=icon>");
  const r = await page.request.get(new URL(icon, env.url).href);
  assert.equal(r.status(), 200);
  assert.match(r.headers()["content-type"], /image\//);
  // Chromium asks for the icon after the load: give it the time to.
  await page.waitForTimeout(300);
  assert.deepEqual(failed, []);
  await page.close();
});
