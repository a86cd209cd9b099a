//! Snapshot tests (insta) of every command's text output at `COLUMNS=80`, on the fixtures and
//! on the genuine saves in `../shared/data/real/`, so that any change to what a player reads is
//! seen in review (`cargo insta review`, or read the `.snap.new` files beside the snapshots).
//!
//! Each snapshot holds the command line, stdout, and stderr after `--- stderr ---`.

use super::width80::run80;

/// Runs quadmist at 80 columns and compares its output with the snapshot `name`.
fn snap(name: &str, args: &[&str]) {
    let (out, err) = run80(args);
    let text = format!("$ quadmist {}\n{out}--- stderr ---\n{err}", args.join(" "));
    insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!(name, text);
    });
}

const CARD: &str = "fixtures/ff9-three-saves.mcr";

#[test]
fn fixture_saves_and_folder() {
    snap("fixture_saves", &["saves", CARD]);
    snap("fixture_saves_folder", &["saves", "fixtures"]);
    snap("fixture_saves_single", &["saves", "fixtures/ff9-file1.psv"]);
}

#[test]
fn fixture_cards() {
    snap("fixture_cards_1", &["cards", CARD, "--save", "1"]);
    snap("fixture_cards_3", &["cards", CARD, "--save", "3"]);
    snap("fixture_cards_3_wide", &["cards", CARD, "--save", "3", "--wide"]);
    snap(
        "fixture_cards_1_duplicates",
        &["cards", "fixtures/ff9-three-saves.mcr:1", "--duplicates"],
    );
}

#[test]
fn fixture_score() {
    for save in ["1", "2", "3"] {
        snap(&format!("fixture_score_{save}"), &["score", CARD, "--save", save]);
    }
    snap("fixture_score_1_cards", &["score", CARD, "--save", "1", "--cards"]);
}

#[test]
fn fixture_plan() {
    snap("fixture_plan_1", &["plan", CARD, "--save", "1"]);
    snap("fixture_plan_2_discard", &["plan", CARD, "--save", "2", "--discard", "5"]);
    snap("fixture_plan_3_1700", &["plan", CARD, "--save", "3", "--target", "1700"]);
}

#[test]
fn fixture_album() {
    snap("fixture_album_1", &["album", CARD, "--save", "1"]);
    snap("fixture_album_3_missing", &["album", CARD, "--save", "3", "--missing"]);
}

#[test]
fn odds_text() {
    snap("odds_digits", &["odds", "8X35", "4P23"]);
    snap("odds_exact_dice", &["odds", "138/X/53/90", "70/P/40/35", "--rules", "dice"]);
    snap("odds_table", &["odds", "8X35", "--vs", "4P23,2M12,0x50/A/0x30/0x20"]);
    snap("odds_save_card", &["odds", CARD, "--save", "1", "--card", "2", "4P23"]);
    snap(
        "odds_hand_all",
        &["odds", "fixtures/ff9-three-saves.mcr:3", "--hand", "all", "--vs", "4P23"],
    );
}

#[test(needs = SharedData)]
fn genuine_playstation_saves() {
    let usa = "../shared/data/real/psx-ff9/usa.mcr";
    snap("real_usa_saves", &["saves", usa]);
    snap("real_usa_cards", &["cards", usa]);
    snap("real_usa_score_cards", &["score", usa, "--cards"]);
    snap("real_usa_plan", &["plan", usa]);
    snap("real_usa_album", &["album", usa]);
    snap("real_usa_odds_hand", &["odds", usa, "--hand", "all", "--vs", "1P11"]);
    let japan = "../shared/data/real/psx-ff9/japan.mcr";
    snap("real_japan_cards", &["cards", japan]);
    snap("real_japan_saves", &["saves", japan]);
    snap("real_japan_album", &["album", japan]);
    snap("real_japan_score_cards", &["score", japan, "--cards"]);
    snap("real_japanese_titles", &["saves", "../shared/data/real/psx-cards/m1.mcd"]);
    for f in ["filled.mcr", "deleted.mcr", "bad.gme", "europe.gme", "france.vmp", "germany.psv"] {
        let path = format!("../shared/data/real/psx-ff9/{f}");
        snap(&format!("real_saves_{}", f.replace('.', "_")), &["saves", &path]);
    }
    snap("real_psx_folder", &["saves", "../shared/data/real/psx-ff9"]);
}

#[test(needs = SharedData)]
fn genuine_pc_and_switch_saves() {
    let dat = "../shared/data/real/steam/SavedData_ww.dat";
    snap("real_pc_saves", &["saves", dat]);
    snap("real_pc_score_latest", &["score", dat, "--save", "latest"]);
    snap("real_pc_cards", &["cards", dat, "--save", "1-2"]);
    snap("real_pc_score_cards", &["score", dat, "--save", "1-2", "--cards"]);
    snap("real_pc_plan", &["plan", dat, "--save", "1-2"]);
    snap("real_pc_album", &["album", dat, "--save", "auto", "--missing"]);
    snap("real_pc_odds", &["odds", dat, "--save", "1-2", "--card", "1", "8X35"]);
    let switch = "../shared/data/real/switch/AUTO";
    snap("real_switch_saves", &["saves", switch]);
    snap("real_switch_score", &["score", switch]);
    snap("real_switch_album", &["album", switch]);
    snap("real_switch_folder", &["saves", "../shared/data/real/switch"]);
}

#[test]
fn fixture_missing() {
    snap("fixture_missing_3", &["missing", CARD, "--save", "3"]);
}

#[test(needs = SharedData)]
fn real_missing() {
    snap("real_switch_missing", &["missing", "../shared/data/real/switch/DATA_SLOT0_FILE1"]);
    snap("real_usa_missing", &["missing", "../shared/data/real/psx-ff9/usa.mcr"]);
}
