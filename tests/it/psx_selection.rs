//! Choosing a save: only Final Fantasy IX saves are scored or
//! offered, deleted FF9 saves are readable with a warning, and the small selection messages.
//!
//! Titles and names of the real cards were read with a few lines of Python over the raw
//! bytes (directory name at frame 0x0A, title at block 0x04 decoded as CP932 and NFKC-folded):
//! `psx-cards/m1.mcd` save 11 is `BASLUS-01040VAG1`, "VAGRANT STORY FILE 1   01:04:28";
//! `psx-cards/epsxe000.mcr` save 1 is `BESCESP02066AC3PAL`, "ACECOMBAT3 electrosphere".
//! The built cards hold what is written here.

use crate::shared;

use crate::shared::cmd::Command;
use quadmist::container::write::{self, CardBuilder};
use quadmist::ff9::psx::block::RawCardRecord;
use quadmist::ff9::psx::write::FF9Block;
use std::path::{Path, PathBuf};

fn quadmist() -> Command {
    let mut c = Command::quadmist();
    c.env("NO_COLOR", "1");
    c
}

/// Runs quadmist; returns (exit code, stdout, stderr with whitespace runs as single spaces).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = quadmist().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into_owned(), err)
}

fn ff9_block(file_number: u8) -> Vec<u8> {
    let mut b = FF9Block { file_number, play_time_seconds: 3600 * 12, ..FF9Block::default() };
    b.records[0] = RawCardRecord { id: 0, arrows: 0x01, atk: 3, card_type: 0, pdef: 4, mdef: 2 };
    b.build()
}

/// Writes a card to a fresh temporary file and returns its path.
fn card_file(name: &str, card: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, card).unwrap();
    (dir, path)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Save 1: another game; save 2: FF9 file 1 (live); save 3: FF9 file 2 (deleted).
fn mixed_card() -> Vec<u8> {
    let mut c = CardBuilder::formatted();
    c.add_save("BASLUS-00001OTHER", &write::new_save(1, b"OTHER GAME 01", &[0; 16], &[[0; 128]]));
    c.add_save("BASLUS-0125100000-00", &ff9_block(1));
    c.add_save("BASLUS-0125100000-01", &ff9_block(2));
    c.delete(3, false);
    c.into_bytes()
}

#[test(needs = SharedData)]
fn a_save_of_another_game_is_never_scored() {
    let rel = "data/real/psx-cards/m1.mcd";
    let m1 = shared::path(rel);
    for cmd in ["score", "cards", "plan"] {
        let (code, out, err) = run(&[cmd, s(&m1), "--save", "11"]);
        assert_eq!(code, 1, "{cmd}: {err}");
        assert_eq!(out, "", "{cmd}");
        assert!(
            err.contains(
                "save 11 (\"VAGRANT STORY FILE 1 01:04:28\", BASLUS-01040VAG1) is not a Final \
                 Fantasy IX save; it holds no Final Fantasy IX save"
            ),
            "{cmd}: {err}"
        );
    }
    let ace = shared::path("data/real/psx-cards/epsxe000.mcr");
    let (code, _, err) = run(&["score", s(&ace), "--save", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("\"ACECOMBAT3 electrosphere\""), "{err}");
    assert!(err.contains("is not a Final Fantasy IX save"), "{err}");
    assert!(!err.contains("FF9 file name"), "{err}");
}

#[test]
fn lists_offer_ff9_saves_only() {
    let (_d, card) = card_file("mixed.mcr", &mixed_card());
    let (code, out, err) = run(&["score", s(&card), "--save", "1"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    // The FF9 saves are offered by their header; save 1, another game's, is not.
    let c = s(&card);
    let offered = format!(
        "choose one as FILE:S (or with --save S): {c}:2 Zidane Lv 1, disc 1, Alexandria, \
         12:00:00 {c}:3 Zidane Lv 1, disc 1, Alexandria, 12:00:00, deleted"
    );
    assert!(
        err.contains(&format!(
            "save 1 (\"OTHER GAME 01\", BASLUS-00001OTHER) is not a Final Fantasy IX save; \
             {offered}"
        )),
        "{err}"
    );
    let (code, _, err) = run(&["cards", s(&card), "--save", "9"]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("has no save `9`; {offered}")), "{err}");
    assert!(!err.contains(&format!("{c}:1")), "{err}");
    // No selector: the only live FF9 save.
    let (code, out, _) = run(&["score", s(&card), "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["points"], 15, "{v}"); // one Goblin: 10 for its id + 5 for its mask
}

#[test]
fn a_deleted_ff9_save_is_read_with_a_warning() {
    let (_d, card) = card_file("mixed.mcr", &mixed_card());
    let (code, _, err) = run(&["score", s(&card), "--save", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(
            "deleted save: it can still be read, but its blocks count as free, so a later save \
             may have partly overwritten it"
        ),
        "{err}"
    );
    // A card whose only FF9 save is deleted says so, and reads it.
    let mut c = CardBuilder::formatted();
    c.add_save("BASLUS-00001OTHER", &write::new_save(1, b"OTHER GAME 01", &[0; 16], &[[0; 128]]));
    c.add_save("BASLUS-0125100000-00", &ff9_block(1));
    c.delete(2, false);
    let (_d2, only) = card_file("only-deleted.mcr", &c.into_bytes());
    let (code, out, err) = run(&["score", s(&only)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("15 points: Beginner, rank 1 of 32"), "{out}");
    assert!(
        err.contains("holds no live Final Fantasy IX save: its only one, save 2, is deleted"),
        "{err}"
    );
}

#[test(needs = SharedData)]
fn two_deleted_ff9_saves_and_no_live_one_need_a_choice() {
    let rel = "data/real/psx-ff9/deleted.mcr";
    let (code, _, err) = run(&["score", s(&shared::path(rel))]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "holds 2 deleted Final Fantasy IX saves and no live one; choose one as FILE:S"
        ),
        "{err}"
    );
    assert!(
        err.contains("deleted.mcr:1 ")
            && err.contains("deleted.mcr:2 ")
            && err.contains("Lv 1, disc 1, Alexandria/Torre, 0:16:50, deleted")
            && err.contains("Lv 1, disc 1, Alexandria/Torre, 0:18:14, deleted"),
        "{err}"
    );
}

#[test]
fn odds_offers_saves_by_their_header() {
    let mut c = CardBuilder::formatted();
    c.add_save("BASLUS-0125100000-00", &ff9_block(1));
    c.add_save("BASLUS-0125100000-01", &ff9_block(2));
    let (_d, card) = card_file("two.mcr", &c.into_bytes());
    let (code, _, err) = run(&["odds", s(&card), "--card", "1", "4P23"]);
    assert_eq!(code, 2, "{err}");
    // The saves are offered by their header, `FILE:S` first, as every command offers them.
    assert!(err.contains("choose one as FILE:S (or with --save S)"), "{err}");
    assert!(
        err.contains(&format!("{}:1 Zidane Lv 1, disc 1, Alexandria, 12:00:00", s(&card))),
        "{err}"
    );
    // An empty slot names its nearest filled one (only slot 1 holds a card).
    let spec = format!("{}:1", s(&card));
    let (code, _, err) = run(&["odds", &spec, "--card", "5", "4P23"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("slot 5 is empty; the nearest filled slot is 1 (1 card in all)"), "{err}");
}

#[test]
fn a_discard_count_above_the_cards_held_is_reported() {
    // The fixture's save 1 holds 83 cards (fixtures/README.md).
    let card = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ff9-three-saves.mcr");
    let (code, out, err) = run(&["plan", s(&card), "--save", "1", "--discard", "500"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(
            "--discard 500 is more than the 83 cards this save holds: the plan discards all 83"
        ),
        "{err}"
    );
    assert!(out.contains("The best 83 discards"), "{out}");
}

/// An FF9 save whose own title ends in "(latest)": `--save latest` on a memory card, which
/// records no latest save, is still a usage error naming the saves, and `saves` does not mark
/// it latest. (The mark was once read back from PC titles, so such a title was taken for it.)
#[test]
fn a_title_ending_in_latest_is_not_the_latest_save() {
    let mut titled = ff9_block(1);
    let title = write::encode_title("ＦＦ９／ＦＩＬＥ０１／１２：００ (latest)");
    titled[4..4 + 64].fill(0);
    titled[4..4 + title.len()].copy_from_slice(&title);
    let crc =
        quadmist::ff9::psx::checksum::crc16(&titled[..quadmist::ff9::psx::checksum::CRC_OFFSET]);
    titled[0x13FE..0x1400].copy_from_slice(&crc.to_le_bytes());
    let mut c = CardBuilder::formatted();
    c.add_save("BASLUS-0125100000-00", &titled);
    c.add_save("BASLUS-0125100000-01", &ff9_block(2));
    let (_dir, path) = card_file("titled.mcr", &c.into_bytes());
    let wide = quadmist().env("COLUMNS", "200").args(["saves", s(&path)]).output().unwrap();
    let out = String::from_utf8_lossy(&wide.stdout);
    assert!(out.contains("\n1 ") && !out.contains("latest"), "no save marked latest: {out}");
    let (code, out, err) = run(&["score", s(&path), "--save", "latest"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("does not record which save is the latest"), "{err}");
}
