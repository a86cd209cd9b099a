//! `quadmist odds`: a card's exact chance to win a card battle, by the game's formula or the
//! board-game dice variants, in both directions (when it attacks, when it is attacked).
//!
//! args ([`OddsArgs`]) → report ([`report`], computed by [`crate::rules::odds`]) →
//! render ([`render`]).

use crate::cli::args::parse_save_spec;
use crate::cli::args::SaveArgs;
use crate::cli::error::{CliError, CliResult};
use crate::cli::findings;
use crate::cli::output;
use crate::cli::select;
use crate::cli::select::SelectorHint;
use crate::cli::text::{self, count};
use crate::model::{catalogue, display_string, Collection, Finding};
use crate::rules::battle::Fighter;
use crate::rules::odds::RuleSet;
use clap::Args;
use render::{render_single, render_table};
use report::{notes, rows, Side, SingleJson, TableJson, MAX_ROWS};
use std::io::Write as _;
use std::path::Path;

pub mod render;
pub mod report;

const AFTER_HELP: &str = "\
Card syntax:
  8X35           in-game digits: attack digit, type (P M X A), pdef digit, mdef digit. Each
                 digit is a band of 16 values (8 = 128..143), so the odds are a range: the worst
                 case, the mean over all equally likely values (an estimate), the best case.
  138/X/53/90    exact stats atk/type/pdef/mdef, each 0..255 in decimal (or hex with 0x, e.g.
                 0x8A/X/0x35/0x5A): one exact figure. A stat written as a digit and `?`
                 (138/X/3?/90) is known by its digit only.

Both directions are shown: the first card's chance when it attacks the second, and when the
second attacks it (every battle has a winner, so that is 1 minus the attacker's chance).

Game rules (tetra-master-rules §9): the attacker's type picks the values compared (P: atk vs
pdef, M: atk vs mdef, X: atk vs the lower defence, A: the attacker's highest stat vs the
defender's lowest); 0 counts as 1; the game rolls 0..A-1 against 0..D-1 and the attacker wins
only on a strictly higher roll. PC engine code; the PlayStation is assumed identical
(unverified).

Dice rules (board-game variant): the attacker rolls as many six-sided dice as its attack
digit, the defender as many as the defence digit the type picks (X: the lower one; A: assumed
the attacker's highest digit against the defender's lowest). `dice` compares the sums, `sixes`
counts the sixes; ties go to the attacker; a digit 0 rolls no dice.

Examples:
  quadmist odds 8X35 4P23                    digits against digits: worst, mean, best
  quadmist odds 138/X/53/90 70/P/40/35       exact stats: one exact figure
  quadmist odds 8X35 4P23 --rules dice       the board game's sums of dice
  quadmist odds memcard.mcr --save 3 --card 12 4P23
                                             card in slot 12 of save 3 against 4P23
  quadmist odds memcard.mcr:3 --card 12 4P23 the same
  quadmist odds SavedData_ww.dat:1-2 --card 5 --vs 4P23,2M12,0x50/A/0x30/0x20
                                             one card against several opponents
  quadmist odds memcard.mcr --hand all --vs-save other.mcr --vs-card 3
                                             every card against one opponent, best first
  quadmist odds 8X35 4P23 --json             {\"attacker_wins\": {\"min\", \"mean\", \"max\"}, ...}

A save is named as in the other commands: FILE first, then --save S (or FILE:S). --save FILE:S
without a FILE first works too. S may be left out when the file holds one FF9 save.";

fn parse_rules(s: &str) -> Result<RuleSet, String> {
    s.parse()
}

/// Arguments of `quadmist odds`.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct OddsArgs {
    // The doc below is the help text, as clap prints it (not Markdown).
    #[allow(rustdoc::broken_intra_doc_links)]
    /// [FILE] ATTACKER DEFENDER: a save file first (as in the other commands) when --card or
    /// --hand picks the attacker from it, then the cards, as in-game digits (8X35) or exact
    /// stats (138/X/53/90). Leave out the attacker when a save gives it and the defender when
    /// --vs-save or --vs gives it.
    #[arg(value_name = "CARD", num_args = 0..=3)]
    pub cards: Vec<String>,

    /// Which save of FILE (as in the other commands); without a FILE first, the save file
    /// itself, optionally with `:SAVE` (e.g. memcard.mcr:3).
    #[arg(long, short = 's', value_name = "SAVE")]
    pub save: Option<String>,

    /// The attacker: the card in this slot (1-based position in the save's card list).
    #[arg(long, value_name = "SLOT", conflicts_with = "hand")]
    pub card: Option<u16>,

    /// Several attackers from the save (slots, comma-separated, or `all`), best first.
    #[arg(long, value_name = "SLOT,...|all", value_delimiter = ',')]
    pub hand: Vec<String>,

    /// The defender's save file, optionally with `:SAVE`; with --vs-card.
    #[arg(long, value_name = "FILE[:S]", requires = "vs_card")]
    pub vs_save: Option<String>,

    /// The defender: the card in this slot of --vs-save.
    #[arg(long, value_name = "SLOT", requires = "vs_save", conflicts_with = "vs")]
    pub vs_card: Option<u16>,

    /// Several defenders (comma-separated cards), one row each.
    #[arg(long, value_name = "CARD,...", value_delimiter = ',')]
    pub vs: Vec<String>,

    /// The rules: `game` (the video game's formula), or a board-game dice variant, `dice`
    /// (sums) or `sixes`.
    #[arg(long, value_name = "RULES", default_value = "game", value_parser = parse_rules)]
    pub rules: RuleSet,

    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Parses a card written as in-game digits (`8X35`) or exact stats (`138/X/53/90`).
pub fn parse_card(text: &str) -> Result<Fighter, CliError> {
    crate::rules::notation::parse_card(text).map_err(CliError::usage)
}

/// The card in `slot` of a collection, as a battle side.
pub fn card_in_slot(collection: &Collection, slot: u16, file: &str) -> Result<Side, CliError> {
    let card =
        collection.card(slot).ok_or_else(|| CliError::usage(no_card(collection, slot, file)))?;
    let fighter = Fighter::from_record(card);
    Ok(Side {
        card: fighter.to_string(),
        digits: display_string(card),
        name: Some(catalogue::name(card.id)),
        slot: Some(slot),
        platform: Some(collection.platform),
        fighter,
    })
}

/// Why `slot` gives no card: the slot is empty (naming the nearest filled slots), or out of
/// the save's range, or the save holds no card at all.
fn no_card(collection: &Collection, slot: u16, file: &str) -> String {
    let below = collection.cards.iter().map(|c| c.slot).filter(|&s| s < slot).max();
    let above = collection.cards.iter().map(|c| c.slot).filter(|&s| s > slot).min();
    let slots = collection.cards.len();
    let nearest = match (below, above) {
        (None, None) => return format!("{file} holds no cards"),
        (Some(b), Some(a)) if slot - b == a - slot => {
            format!("the nearest filled slots are {b} and {a}")
        }
        (Some(b), Some(a)) => {
            format!("the nearest filled slot is {}", if slot - b < a - slot { b } else { a })
        }
        (Some(n), None) | (None, Some(n)) => format!("the nearest filled slot is {n}"),
    };
    let what = if slot == 0 || slot > 100 {
        format!("there is no slot {slot} (slots run 1..100)")
    } else {
        format!("slot {slot} is empty")
    };
    format!("{file}: {what}; {nearest} ({} in all)", count(slots as u64, "card"))
}

/// Reads a collection (findings go to stderr).
fn load(args: &SaveArgs) -> Result<Collection, CliError> {
    select::load_collection_hinted(args, SelectorHint::FileSuffix).map(|(_, c)| c)
}

/// True when a text names a save file (an existing path, or `FILE:S` of an existing file).
fn names_a_file(text: &str) -> bool {
    Path::new(text).is_file()
        || parse_save_spec(text).save.is_some_and(|_| parse_save_spec(text).file.is_file())
}

/// The attackers and defenders named by the arguments; `load` reads a save's collection.
fn sides(
    args: &OddsArgs,
    load: &dyn Fn(&SaveArgs) -> Result<Collection, CliError>,
) -> Result<(Vec<Side>, Vec<Side>), CliError> {
    let mut positional: &[String] = &args.cards;
    // The attacker's save: FILE first (then --save is its selector), or --save FILE[:S].
    let save = match positional.first() {
        Some(first) if names_a_file(first) => {
            positional = &positional[1..];
            let mut spec = parse_save_spec(first);
            if args.save.is_some() {
                spec = SaveArgs { file: first.into(), save: args.save.clone() };
            }
            Some(spec)
        }
        _ => args.save.as_deref().map(parse_save_spec),
    };
    if positional.len() > 2 {
        return Err(CliError::usage(format!(
            "`{}` is one card too many: the attacker and the defender are already given",
            positional[2]
        )));
    }
    let mut typed = positional.iter();
    let mut next_typed = |role: &str| -> Result<Side, CliError> {
        let text = typed.next().ok_or_else(|| {
            CliError::usage(format!(
                "no {role}: give it as a card (8X35 or 138/X/53/90){}",
                if role == "attacker" {
                    " or from a save: FILE --save S --card SLOT (or --hand SLOT,... or all)"
                } else {
                    ", with --vs CARD,... or with --vs-save FILE --vs-card SLOT"
                }
            ))
        })?;
        parse_card(text).map(Side::typed)
    };
    let name = |s: &SaveArgs| s.file.display().to_string();
    let attackers =
        match (&save, args.card, args.hand.is_empty()) {
            (Some(spec), Some(slot), _) => vec![card_in_slot(&load(spec)?, slot, &name(spec))?],
            (Some(spec), None, false) => {
                let collection = load(spec)?;
                hand_slots(&args.hand, &collection)?
                    .into_iter()
                    .map(|s| card_in_slot(&collection, s, &name(spec)))
                    .collect::<Result<_, _>>()?
            }
            (Some(_), None, true) => return Err(CliError::usage(
                "a save needs --card SLOT or --hand SLOT,... (or --hand all) to pick the attacker",
            )),
            (None, Some(_), _) | (None, None, false) => {
                return Err(CliError::usage(
                    "--card and --hand pick cards from a save: give the file first (FILE --save S)",
                ))
            }
            (None, None, true) => vec![next_typed("attacker")?],
        };
    let defenders = match (&args.vs_save, args.vs_card) {
        (Some(spec), Some(slot)) => vec![card_in_slot(&load(&parse_save_spec(spec))?, slot, spec)?],
        _ if !args.vs.is_empty() => {
            args.vs.iter().map(|t| parse_card(t).map(Side::typed)).collect::<Result<_, _>>()?
        }
        _ => vec![next_typed("defender")?],
    };
    if let Some(extra) = typed.next() {
        return Err(CliError::usage(format!(
            "`{extra}` is one card too many: the attacker and the defender are already given"
        )));
    }
    Ok((attackers, defenders))
}

/// The slots of `--hand`: numbers, or `all` for every card of the collection.
fn hand_slots(hand: &[String], collection: &Collection) -> Result<Vec<u16>, CliError> {
    if hand.iter().any(|h| h.trim().eq_ignore_ascii_case("all")) {
        return Ok(collection.cards.iter().map(|c| c.slot).collect());
    }
    hand.iter()
        .map(|h| {
            h.trim().parse::<u16>().map_err(|_| {
                CliError::usage(format!(
                    "`{}` is not a slot: --hand takes slot numbers (1,4,9) or all",
                    h.escape_debug()
                ))
            })
        })
        .collect()
}

/// Most attackers (`--hand`) or defenders (`--vs`): a modded card list's
/// [`crate::ff9::minigame::MAX_CARD_ENTRIES`].
pub const MAX_SIDE: usize = crate::ff9::minigame::MAX_CARD_ENTRIES;

/// Refuses tables larger than [`MAX_SIDE`] and [`MAX_ROWS`] before anything is read.
fn check_size(args: &OddsArgs) -> CliResult {
    for (option, n) in [("--hand", args.hand.len()), ("--vs", args.vs.len())] {
        if n > MAX_SIDE {
            return Err(CliError::usage(format!(
                "{option} lists {n} cards; at most {MAX_SIDE} are accepted"
            )));
        }
    }
    let rows = args.hand.len().max(1) * args.vs.len().max(1);
    if rows > MAX_ROWS {
        return Err(CliError::usage(format!(
            "--hand ({}) × --vs ({}) would make {rows} rows; at most {MAX_ROWS} are accepted",
            args.hand.len(),
            args.vs.len()
        )));
    }
    Ok(())
}

/// Runs `quadmist odds`.
pub fn run(args: &OddsArgs) -> CliResult {
    check_size(args)?;
    let (attackers, defenders) = sides(args, &load)?;
    let mut findings = Vec::new();
    let rows = rows(&attackers, &defenders, args.rules, &mut findings);
    if attackers.len().saturating_mul(defenders.len()) > MAX_ROWS {
        findings.push(Finding::warning(format!(
            "{} matchups asked; the first {MAX_ROWS} are shown",
            attackers.len().saturating_mul(defenders.len())
        )));
    }
    findings::print_findings(&findings);
    if rows.is_empty() {
        return Err(CliError::unusable("no card here has a type the game defines; no odds"));
    }
    let notes = notes(&rows, args.rules);
    let single = attackers.len() == 1 && defenders.len() == 1;
    let width = text::term_width();
    match (args.json, single) {
        (true, true) => output::print_json(&SingleJson { rules: args.rules, row: &rows[0], notes }),
        (true, false) => output::print_json(&TableJson { rules: args.rules, rows: &rows, notes }),
        (false, true) => {
            write!(output::stdout(), "{}", render_single(&rows[0], args.rules, &notes, width))?;
            Ok(())
        }
        (false, false) => {
            write!(output::stdout(), "{}", render_table(&rows, args.rules, &notes, width))?;
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::render::percent;
    use super::report::row;
    use super::*;
    use crate::cli::error::EXIT_USAGE;
    use crate::model::{CardRecord, CardType, Platform};
    use crate::rules::battle::{self, Odds};
    use crate::rules::dice::{self, DiceRule};
    use crate::rules::ratio::Ratio;
    use std::path::PathBuf;

    fn collection() -> Collection {
        let card = |slot, id, atk, t, pdef, mdef| CardRecord {
            slot,
            id,
            arrows: 0x11,
            atk,
            card_type: t,
            pdef,
            mdef,
            cpoint: None,
        };
        Collection::new(
            Platform::PlayStation,
            vec![
                card(1, 0, 10, CardType::Physical, 5, 5),
                card(2, 1, 100, CardType::Flexible, 30, 40),
                card(3, 2, 48, CardType::Magic, 0, 0),
                card(4, 3, 200, CardType::Unknown(9), 0, 0),
            ],
        )
    }

    #[test]
    fn a_bad_card_is_a_usage_error_naming_both_notations() {
        assert_eq!(parse_card("138/X/53/90").unwrap(), "138/X/53/90".parse().unwrap());
        for bad in ["", "8Q35", "256/P/1/1"] {
            let e = parse_card(bad).unwrap_err();
            assert_eq!(e.code, EXIT_USAGE, "{bad}");
            assert!(e.message.contains("8X35") && e.message.contains("138/X/53/90"), "{bad}");
        }
    }

    #[test]
    fn save_specs_split_on_the_last_colon_only_before_a_selector() {
        let s = parse_save_spec("memcard.mcr:3");
        assert_eq!((s.file, s.save.as_deref()), (PathBuf::from("memcard.mcr"), Some("3")));
        let s = parse_save_spec("dir:x/SavedData_ww.dat:1-2");
        assert_eq!(
            (s.file, s.save.as_deref()),
            (PathBuf::from("dir:x/SavedData_ww.dat"), Some("1-2"))
        );
        let s = parse_save_spec("a.dat:AUTO");
        assert_eq!(s.save.as_deref(), Some("AUTO"));
        for whole in [r"C:\saves\card.mcr", "card.mcr", "card.mcr:", ":3", "x:1-", "x:-2", "x:a-b"]
        {
            let s = parse_save_spec(whole);
            assert_eq!((s.file, s.save), (PathBuf::from(whole), None), "{whole}");
        }
    }

    #[test]
    fn cards_come_from_their_slots() {
        let c = collection();
        let side = card_in_slot(&c, 2, "m.mcr").unwrap();
        assert_eq!(side.fighter, Fighter::from_record(&c.cards[1]));
        assert_eq!((side.name.as_deref(), side.slot), (Some(catalogue::name(1).as_str()), Some(2)));
        assert_eq!(side.card, "100/X/30/40");
        assert_eq!(side.digits, "6X12");
        let e = card_in_slot(&c, 9, "m.mcr").unwrap_err();
        assert_eq!(e.code, EXIT_USAGE);
        assert_eq!(
            e.message,
            "m.mcr: slot 9 is empty; the nearest filled slot is 4 (4 cards in all)"
        );
        // A hole between two cards names both neighbours; a hole nearer one names that one.
        let mut holes = collection();
        holes.cards.retain(|c| c.slot != 2);
        holes.cards[2].slot = 7;
        assert_eq!(
            card_in_slot(&holes, 2, "m.mcr").unwrap_err().message,
            "m.mcr: slot 2 is empty; the nearest filled slots are 1 and 3 (3 cards in all)"
        );
        assert_eq!(
            card_in_slot(&holes, 6, "m.mcr").unwrap_err().message,
            "m.mcr: slot 6 is empty; the nearest filled slot is 7 (3 cards in all)"
        );
        assert_eq!(
            card_in_slot(&holes, 101, "m.mcr").unwrap_err().message,
            "m.mcr: there is no slot 101 (slots run 1..100); the nearest filled slot is 7 \
             (3 cards in all)"
        );
        assert_eq!(
            card_in_slot(&Collection::new(Platform::PlayStation, vec![]), 1, "m.mcr")
                .unwrap_err()
                .message,
            "m.mcr holds no cards"
        );
    }

    #[test]
    fn a_hand_is_ranked_best_first_and_undefined_types_are_reported() {
        let c = collection();
        let hand: Vec<Side> = (1..=4).map(|s| card_in_slot(&c, s, "m.mcr").unwrap()).collect();
        let opponent = vec![Side::typed(parse_card("0/P/32/16").unwrap())];
        let mut findings = Vec::new();
        let rows = rows(&hand, &opponent, RuleSet::Game, &mut findings);
        // Slot 2: X, 100 vs min(32, 16) = 16 → 1 − 17/200 = 183/200. Slot 3: M, 48 vs 16 →
        // 1 − 17/96 = 79/96. Slot 1: P, 10 vs 32 → 9/64. Slot 4 has no defined type.
        let got: Vec<(u16, Odds)> =
            rows.iter().map(|r| (r.attacker.slot.unwrap(), r.odds)).collect();
        assert_eq!(
            got,
            vec![
                (2, Odds::Exact(Ratio::new(183, 200))),
                (3, Odds::Exact(Ratio::new(79, 96))),
                (1, Odds::Exact(Ratio::new(9, 64))),
            ]
        );
        assert_eq!(findings.len(), 1);
        assert!(findings[0].message.contains("slot 4"));
        // Cards from a PlayStation save carry the formula's caveat; typed cards do not.
        assert!(notes(&rows, RuleSet::Game).iter().any(|n| n.contains("PlayStation")));
        let typed = super::rows(&opponent, &opponent, RuleSet::Game, &mut findings);
        assert!(notes(&typed, RuleSet::Game).is_empty());
        assert_eq!(
            rows[0].attacker.label(),
            format!("{}, slot 2: 100/X/30/40 (6X12)", catalogue::name(1))
        );
    }

    fn args(line: &str) -> OddsArgs {
        #[derive(clap::Parser)]
        struct Wrapper {
            #[command(flatten)]
            odds: OddsArgs,
        }
        use clap::Parser;
        let words = std::iter::once("odds").chain(line.split_whitespace());
        Wrapper::try_parse_from(words).expect("valid arguments").odds
    }

    #[test]
    fn sides_come_from_saves_lists_and_positionals() {
        let c = collection();
        let load = |spec: &SaveArgs| -> Result<Collection, CliError> {
            let s = (spec.file.to_str().unwrap(), spec.save.as_deref());
            assert!(s == ("m.mcr", Some("3")) || s == ("o.mcr", None), "{s:?}");
            Ok(c.clone())
        };
        let slots = |v: &[Side]| v.iter().map(|s| s.slot).collect::<Vec<_>>();
        let cards = |v: &[Side]| v.iter().map(|s| s.card.clone()).collect::<Vec<_>>();

        let (a, d) = sides(&args("--save m.mcr:3 --card 2 4P23"), &load).unwrap();
        assert_eq!((slots(&a), cards(&d)), (vec![Some(2)], vec!["4P23".to_string()]));

        let (a, d) = sides(&args("--save m.mcr:3 --card 3 --vs 4P23,1/M/2/3"), &load).unwrap();
        assert_eq!((slots(&a), cards(&d)), (vec![Some(3)], vec!["4P23".into(), "1/M/2/3".into()]));

        let (a, d) =
            sides(&args("--save m.mcr:3 --hand 1,3 --vs-save o.mcr --vs-card 2"), &load).unwrap();
        assert_eq!((slots(&a), slots(&d)), (vec![Some(1), Some(3)], vec![Some(2)]));

        let (a, d) = sides(&args("8X35 --vs-save o.mcr --vs-card 1"), &load).unwrap();
        assert_eq!((cards(&a), slots(&d)), (vec!["8X35".to_string()], vec![Some(1)]));

        // --hand all: every card of the save, ranked best first (slot 4's type is undefined,
        // so rows() reports it; sides() still lists it).
        let (a, _) = sides(&args("--save m.mcr:3 --hand all 4P23"), &load).unwrap();
        assert_eq!(slots(&a), vec![Some(1), Some(2), Some(3), Some(4)]);

        for bad in [
            "--save m.mcr:3 --card 2 4P23 1P11",
            "--save m.mcr:3 --card 2",
            "--save m.mcr:3 4P23",
            "--card 2 4P23",
            "--save m.mcr:3 --hand 1,x 4P23",
        ] {
            assert_eq!(sides(&args(bad), &load).unwrap_err().code, EXIT_USAGE, "{bad}");
        }
    }

    #[test]
    fn percentages_never_round_to_certainty() {
        assert_eq!(percent(0.0), "0.00%");
        assert_eq!(percent(1.0), "100.00%");
        assert_eq!(percent(20.0 / 23.0), "86.96%");
        assert_eq!(percent(30232945.0 / 30233088.0), ">99.99%");
        assert_eq!(percent(1e-6), "<0.01%");
    }

    #[test]
    fn json_rows_have_the_documented_shape() {
        let a = Side::typed(parse_card("8X35").unwrap());
        let d = Side::typed(parse_card("4P23").unwrap());
        let r = row(&a, &d, RuleSet::Game).unwrap();
        let v = serde_json::to_value(&r).unwrap();
        // X attacker, atk 128..143 vs min(pdef 32..47, mdef 48..63) = 32..47.
        assert_eq!(v["attack"], serde_json::json!([128, 143]));
        assert_eq!(v["defence"], serde_json::json!([32, 47]));
        assert_eq!(v["exact"]["min"], format!("{}", battle::win_chance(128, 47)));
        assert_eq!(v["exact"]["max"], format!("{}", battle::win_chance(143, 32)));
        assert!(
            v["attacker_wins"]["mean"].as_f64().unwrap()
                > v["attacker_wins"]["min"].as_f64().unwrap()
        );
        // The other direction: 4P23 attacks 8X35, P: atk 64..79 vs pdef 48..63; 8X35 holds
        // with 1 − the attacker's chance, the worst and best cases swapped.
        assert_eq!(v["when_attacked"]["attack"], serde_json::json!([64, 79]));
        assert_eq!(v["when_attacked"]["defence"], serde_json::json!([48, 63]));
        let not = |p: Ratio| p.complement().to_string();
        assert_eq!(v["when_attacked"]["exact"]["min"], not(battle::win_chance(79, 48)));
        assert_eq!(v["when_attacked"]["exact"]["max"], not(battle::win_chance(64, 63)));
        let r = row(&a, &d, RuleSet::Sixes).unwrap();
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!((v["attacker_dice"].as_u64(), v["defender_dice"].as_u64()), (Some(8), Some(2)));
        assert_eq!(v["exact"], format!("{}", dice::win_chance(8, 2, DiceRule::Sixes)));
    }
}
