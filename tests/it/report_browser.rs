//! `quadmist report` pages checked in a real browser: Debian's headless Chromium loads the page
//! from disk, its rendered DOM is read back (`--dump-dom`) and screenshots are taken
//! (`--screenshot`).
//!
//! They need Chromium (`#[test(needs = Chromium)]`: skipped where there is none, failed under
//! `CI=true`; `.ci/run` installs Debian's); `QUADMIST_CHROMIUM` names another binary.

use crate::harness::{self, Need};
use crate::psx_fixtures::generate;
use crate::shared::cmd::Command;
use quadmist::ff9::psx::block::CARD_SLOTS;
use scraper::{Html, Selector};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

const FIXTURE: &str = "fixtures/ff9-three-saves.mcr";

/// The Chromium binary (the harness skips these tests where there is none).
fn chromium() -> PathBuf {
    harness::uses(Need::Chromium);
    harness::chromium().expect("Chromium, which the harness found")
}

/// Runs headless Chromium on a page with these extra switches (fresh profile, no network
/// services) and returns its standard output; fails with Chromium's own words if it cannot run.
fn run_chromium(page: &Path, extra: &[String]) -> String {
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    // Files, not pipes: a full pipe would stall Chromium while this waits for it.
    let stdout_path = profile.path().join("stdout");
    let stderr_path = profile.path().join("stderr");
    let mut child = std::process::Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(&url)
        .stdout(Stdio::from(std::fs::File::create(&stdout_path).unwrap()))
        .stderr(Stdio::from(std::fs::File::create(&stderr_path).unwrap()))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start Chromium ({}): {e}", chromium().display()));
    let start = Instant::now();
    let status = loop {
        match child.try_wait().unwrap() {
            Some(status) => break status,
            None if start.elapsed() > Duration::from_secs(120) => {
                let _ = child.kill();
                panic!("Chromium did not finish within 120 s");
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    let stderr = std::fs::read(&stderr_path).unwrap_or_default();
    assert!(status.success(), "Chromium failed ({status}): {}", String::from_utf8_lossy(&stderr));
    std::fs::read_to_string(&stdout_path).unwrap()
}

/// Writes the page of save `save` of the fixture card into `dir`.
fn write_page(dir: &Path, save: &str) -> PathBuf {
    let page = dir.join(format!("save-{save}.html"));
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    Command::quadmist()
        .args(["report", fixture.to_str().unwrap(), "--save", save, "-o"])
        .arg(&page)
        .assert()
        .success();
    page
}

/// Copies per card id and the points, straight from the fixture generator's records and the
/// formula of tetra-master-rules §4.1 (not through the decoder or `rules::score`).
fn expected(save_index: usize) -> ([usize; 100], u32) {
    let block = &generate::saves()[save_index].block;
    let mut owned = [0usize; 100];
    let mut masks = [false; 256];
    let mut types = 0;
    for r in block.records[..CARD_SLOTS].iter().filter(|r| r.id < 100) {
        owned[r.id as usize] += 1;
        masks[r.arrows as usize] = true;
        types += match r.card_type {
            2 => 1,
            3 => 2,
            _ => 0,
        };
    }
    let ids = owned.iter().filter(|&&n| n > 0).count() as u32;
    let masks = masks.iter().filter(|&&m| m).count() as u32;
    (owned, 10 * ids + 5 * masks + types)
}

fn check_dom(save: &str, save_index: usize) {
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path(), save);
    let dom = Html::parse_document(&run_chromium(&page, &["--dump-dom".to_string()]));
    let cards = Selector::parse("[data-id]").unwrap();
    let found: Vec<_> = dom.select(&cards).collect();
    assert_eq!(found.len(), 100, "card elements in the rendered DOM");
    let (owned, points) = expected(save_index);
    for (i, el) in found.iter().enumerate() {
        let id: usize = el.attr("data-id").unwrap().parse().unwrap();
        assert_eq!(id, i, "cards in the game's order");
        let n: usize = el.attr("data-owned").unwrap().parse().unwrap();
        assert_eq!(n, owned[id], "copies of card id {id}");
        // An opened card lists one entry per copy.
        let copies = el.select(&Selector::parse(".copy").unwrap()).count();
        assert_eq!(copies, owned[id], "copies listed for card id {id}");
    }
    let shown = dom.select(&Selector::parse("#points").unwrap()).next().expect("#points");
    let shown: u32 = shown.text().collect::<String>().trim().parse().unwrap();
    assert_eq!(shown, points, "the points shown");
    // The library's score agrees too.
    let fixture = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE)).unwrap();
    let set = quadmist::ff9::open(&fixture, Some("ff9-three-saves.mcr"), &|_| None).unwrap();
    let entry = set.saves.iter().find(|s| s.selector == save).unwrap();
    let collection = entry.collection().unwrap();
    assert_eq!(shown, quadmist::rules::score::points(&collection.cards));
}

#[test(needs = Chromium)]
fn the_rendered_dom_has_100_cards_the_copies_and_the_points_of_save_1() {
    check_dom("1", 0);
}

#[test(needs = Chromium)]
fn the_rendered_dom_has_100_cards_the_copies_and_the_points_of_save_3() {
    check_dom("3", 2);
}

/// Decodes a screenshot: (width, height, RGBA pixels).
fn decode_png(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf.chunks(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        other => panic!("unexpected screenshot colour type {other:?}"),
    };
    (info.width, info.height, rgba)
}

/// Takes a screenshot at this window size (light colour scheme unless `dark`) and checks it is
/// not blank: most pixels are not the background, and the P (red) and M (blue) card faces of
/// the album are drawn. Returns the pixels (RGBA). The files live in a fresh temporary
/// directory (tests of several worktrees may run at once); set `QUADMIST_KEEP_SCREENSHOTS` to
/// a directory to keep a copy there.
fn screenshot(width: u32, height: u32, dark: bool) -> Vec<u8> {
    let name = format!("save-1-{width}{}", if dark { "-dark" } else { "" });
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path(), "1");
    let shot = dir.path().join(format!("{name}.png"));
    let mut extra =
        vec![format!("--window-size={width},{height}"), format!("--screenshot={}", shot.display())];
    if dark {
        extra.push("--force-dark-mode".into());
    }
    run_chromium(&page, &extra);
    if let Some(keep) = std::env::var_os("QUADMIST_KEEP_SCREENSHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        std::fs::copy(&shot, Path::new(&keep).join(format!("{name}.png"))).unwrap();
    }
    let (w, h, px) = decode_png(&shot);
    assert_eq!((w, h), (width, height), "screenshot size");
    let background = [px[0], px[1], px[2]];
    let pixels: Vec<[u8; 3]> = px.chunks(4).map(|p| [p[0], p[1], p[2]]).collect();
    let not_background = pixels.iter().filter(|p| **p != background).count();
    assert!(
        not_background * 10 > pixels.len(),
        "{name}: only {not_background} of {} pixels differ from the background",
        pixels.len()
    );
    // The type colours of report.css: one set in both schemes, since the faces' white text
    // keeps a 4.5:1 contrast on them.
    let (p_face, m_face) = ([180, 67, 47], [47, 98, 184]);
    for (type_name, colour) in [("P", p_face), ("M", m_face)] {
        let n = pixels.iter().filter(|p| **p == colour).count();
        assert!(n > 500, "{name}: {n} pixels of the {type_name} card colour");
    }
    px
}

#[test(needs = Chromium)]
fn a_phone_screenshot_at_390_px_is_not_blank() {
    let px = screenshot(390, 1600, false);
    // Light scheme: the page background is light.
    assert!(px[0] > 200 && px[1] > 200 && px[2] > 200, "background {:?}", &px[..3]);
}

#[test(needs = Chromium)]
fn a_desktop_screenshot_at_1280_px_is_not_blank() {
    screenshot(1280, 1600, false);
}

#[test(needs = Chromium)]
fn the_dark_scheme_has_a_dark_background() {
    let px = screenshot(1280, 900, true);
    assert!(px[0] < 60 && px[1] < 60 && px[2] < 60, "background {:?}", &px[..3]);
}

#[test(needs = Chromium)]
fn it_prints_on_a4_pages() {
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path(), "1");
    let pdf = dir.path().join("save-1.pdf");
    run_chromium(
        &page,
        &["--no-pdf-header-footer".to_string(), format!("--print-to-pdf={}", pdf.display())],
    );
    let bytes = std::fs::read(&pdf).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let boxes: Vec<&str> = text.match_indices("/MediaBox [").map(|(i, _)| &text[i..]).collect();
    // Score, album (one page of its own), plan, the missing cards with their sources, source: a
    // few pages, every one A4 (595 × 842 points).
    assert!((2..=16).contains(&boxes.len()), "{} pages", boxes.len());
    for b in boxes {
        let nums: Vec<f64> = b["/MediaBox [".len()..]
            .split(']')
            .next()
            .unwrap()
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert!((nums[2] - 595.0).abs() < 1.5 && (nums[3] - 842.0).abs() < 1.5, "{nums:?}");
    }
}

/// `quadmist FILE`'s page of the whole card, in the browser: each of the three saves has its
/// own 100 cards with their copies and its own points, as the fixture generator's records give
/// them, under names of its own.
#[test(needs = Chromium)]
fn the_page_of_a_whole_card_shows_each_save() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let out = Command::quadmist()
        .arg(&fixture)
        .arg("--no-open")
        .env("TMPDIR", dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    // The page's path follows `is` (on its line, or alone on the next).
    let page = PathBuf::from(
        stdout.split_whitespace().find(|w| w.ends_with(".html")).expect("the page's path"),
    );
    let dom = Html::parse_document(&run_chromium(&page, &["--dump-dom".to_string()]));
    for save_index in 0..3 {
        let k = save_index + 1;
        let album = Selector::parse(&format!("#s{k}-album [data-id]")).unwrap();
        let found: Vec<_> = dom.select(&album).collect();
        assert_eq!(found.len(), 100, "save {k}: card elements in its album");
        let (owned, points) = expected(save_index);
        for el in &found {
            let id: usize = el.attr("data-id").unwrap().parse().unwrap();
            let n: usize = el.attr("data-owned").unwrap().parse().unwrap();
            assert_eq!(n, owned[id], "save {k}: copies of card id {id}");
            assert_eq!(el.attr("name"), Some(format!("s{k}-album").as_str()), "save {k}'s group");
        }
        let shown = Selector::parse(&format!("#s{k}-points")).unwrap();
        let shown = dom.select(&shown).next().unwrap_or_else(|| panic!("#s{k}-points"));
        let shown: u32 = shown.text().collect::<String>().trim().parse().unwrap();
        assert_eq!(shown, points, "save {k}: the points shown");
    }
}
