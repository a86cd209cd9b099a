//! `quadmist odds`: a card's exact chance to win a card battle, by the game's formula or the
//! board-game dice variants, in both directions (when it attacks, when it is attacked).
//!
//! args ([`OddsArgs`]) → report ([`report`], computed by [`crate::rules::odds`]) →
//! render ([`render`]).

use crate::cli::args::SaveArgs;
use crate::cli::args::{conflict, parse_save_spec};
use crate::cli::error::{CliError, CliResult};
use crate::cli::findings;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::cli::text::{self, count};
use crate::model::{catalogue, display_string, Collection, Finding, FindingKind};
use crate::report::header::SaveHeader;
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
  8X35
      in-game digits: attack digit, type (P M X A), physical and magical defence digits. \
Each digit is a band of 16 values (8 is 128..143), so the odds are a range: the worst case, \
the mean over all equally likely values (an estimate), the best case.
  138/X/53/90
      exact stats atk/type/pdef/mdef, each 0..255 in decimal (or hex with 0x, e.g. \
0x8A/X/0x35/0x5A): one exact figure. A stat written as a digit and `?` (138/X/3?/90) is \
known by its digit only.

Both directions are shown: the first card's chance when it attacks the second, and when the \
second attacks it (every battle has a winner, so that is 1 minus the attacker's chance).

Game rules (tetra-master-rules §9): the attacker's type picks the values compared (P: atk vs \
pdef, M: atk vs mdef, X: atk vs the lower defence, A: the attacker's highest stat vs the \
defender's lowest); 0 counts as 1; the game rolls 0..A-1 against 0..D-1 and the attacker wins \
only on a strictly higher roll. PC engine code; the PlayStation is assumed identical \
(unverified).

Dice rules (board-game variant): the attacker rolls as many six-sided dice as its attack \
digit, the defender as many as the defence digit the type picks (X: the lower one; A: assumed \
the attacker's highest digit against the defender's lowest). `dice` compares the sums, \
`sixes` counts the sixes; ties go to the attacker; a digit 0 rolls no dice.

A save is named as in the other commands: FILE first, then --save S (or FILE:S). S may \
be left out when the file holds one FF9 save.

Examples:
  Digits against digits: worst, mean, best:
      quadmist odds 8X35 4P23
  Exact stats: one exact figure:
      quadmist odds 138/X/53/90 70/P/40/35
  The board game's sums of dice:
      quadmist odds 8X35 4P23 --rules dice
  The card in slot 12 of save 3 against 4P23:
      quadmist odds memcard.mcr --save 3 --card 12 4P23
  The same:
      quadmist odds memcard.mcr:3 --card 12 4P23
  One card against several opponents:
      quadmist odds SavedData_ww.dat:1-2 --card 5 --vs 4P23,2M12,0x50/A/0x30/0x20
  Every card against one opponent, best first:
      quadmist odds memcard.mcr --hand all --vs-file other.mcr --vs-card 3
  As JSON, {\"attacker_wins\": {\"min\", \"mean\", \"max\"}, ...}:
      quadmist odds 8X35 4P23 --json";

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
    /// --vs-file or --vs gives it.
    #[arg(value_name = "CARD", num_args = 0..=3)]
    pub cards: Vec<String>,

    /// Which save of the FILE given first, as in the other commands (`quadmist saves FILE`
    /// lists them).
    #[arg(long, short = 's', value_name = "SAVE")]
    pub save: Option<String>,

    /// The attacker: the card in this slot (1-based position in the save's card list).
    #[arg(long, value_name = "SLOT", conflicts_with = "hand")]
    pub card: Option<u16>,

    /// Several attackers from the save (slots, comma-separated, or `all`), best first.
    #[arg(long, value_name = "SLOT,...|all", value_delimiter = ',')]
    pub hand: Vec<String>,

    /// The defender's save file, FILE or FILE:S; with --vs-card.
    #[arg(long, value_name = "FILE[:S]", requires = "vs_card")]
    pub vs_file: Option<String>,

    /// The defender: the card in this slot of --vs-file.
    #[arg(long, value_name = "SLOT", requires = "vs_file", conflicts_with = "vs")]
    pub vs_card: Option<u16>,

    /// Several defenders (comma-separated cards), one row each.
    #[arg(long, value_name = "CARD,...", value_delimiter = ',')]
    pub vs: Vec<String>,

    /// The rules: `game` (the video game's formula, the default), or a board-game dice
    /// variant, `dice` (sums) or `sixes`.
    #[arg(long, value_name = "RULES", default_value = "game", hide_default_value = true, value_parser = parse_rules)]
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
        id: Some(card.id),
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

/// Reads a collection (findings go to stderr), with the header that names its save.
fn load(args: &SaveArgs) -> Result<(SaveHeader, Collection), CliError> {
    let (entry, c) = select::load_collection(args)?;
    Ok((heading::header(&args.file, &entry, Some(&c)), c))
}

/// What [`sides`] reads a save with: its header and collection.
type Load<'a> = &'a dyn Fn(&SaveArgs) -> Result<(SaveHeader, Collection), CliError>;

/// The attackers, the defenders, and the headers of the saves they come from.
type Sides = (Vec<Side>, Vec<Side>, Vec<SaveHeader>);

/// True when a text names a save file: an existing path (a FIFO or a directory too, which
/// reading then refuses with the reason), `FILE:S` of one, or a text with a `.` or a `\\`,
/// which no card holds (a file that is missing, which opening then reports).
fn names_a_file(text: &str) -> bool {
    Path::new(text).exists()
        || parse_save_spec(text).save.is_some_and(|_| parse_save_spec(text).file.exists())
        || text.contains(['.', '\\'])
}

/// The attackers and defenders named by the arguments, and the headers of the saves they come
/// from; `load` reads a save.
fn sides(args: &OddsArgs, load: Load<'_>) -> Result<Sides, CliError> {
    let mut positional: &[String] = &args.cards;
    let mut headers = Vec::new();
    let mut load = |spec: &SaveArgs| -> Result<Collection, CliError> {
        let (header, c) = load(spec)?;
        headers.push(header);
        Ok(c)
    };
    // The attacker's save: FILE (or FILE:S) first, then --save is its selector, as in every
    // command.
    let save = match positional.first() {
        Some(first) if names_a_file(first) => {
            positional = &positional[1..];
            let spec = parse_save_spec(first);
            Some(match (&spec.save, &args.save) {
                (Some(named), Some(flag)) => {
                    return Err(CliError::usage(conflict(first, named, flag)))
                }
                (None, Some(flag)) => SaveArgs { file: spec.file, save: Some(flag.clone()) },
                _ => spec,
            })
        }
        _ => match &args.save {
            Some(flag) => {
                return Err(CliError::usage(format!(
                    "--save {flag} names a save of the file given first: quadmist odds FILE \
                     --save S --card SLOT (or FILE:S)"
                )))
            }
            None => None,
        },
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
                    ", with --vs CARD,... or with --vs-file FILE --vs-card SLOT"
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
    let defenders = match (&args.vs_file, args.vs_card) {
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
    Ok((attackers, defenders, headers))
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

/// What `odds --json` prints: one matchup, or a table of them.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
enum OddsJson<'a> {
    /// One attacker against one defender.
    Single(SingleJson<'a>),
    /// Several attackers or defenders.
    Table(TableJson<'a>),
}

/// The JSON Schema of `odds --json`: one matchup, or a table of them.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<OddsJson<'static>>()
}

/// Runs `quadmist odds`.
pub fn run(args: &OddsArgs) -> CliResult {
    check_size(args)?;
    let (attackers, defenders, headers) = sides(args, &load)?;
    let mut findings = Vec::new();
    let rows = rows(&attackers, &defenders, args.rules, &mut findings);
    if attackers.len().saturating_mul(defenders.len()) > MAX_ROWS {
        findings.push(Finding::warning(
            FindingKind::Other,
            format!(
                "{} matchups asked; the first {MAX_ROWS} are shown",
                attackers.len().saturating_mul(defenders.len())
            ),
        ));
    }
    findings::print_findings(&findings);
    if rows.is_empty() {
        return Err(CliError::unusable("no card here has a type the game defines; no odds"));
    }
    let notes = notes(&rows, args.rules);
    let single = attackers.len() == 1 && defenders.len() == 1;
    let width = text::term_width();
    match (args.json, single) {
        (true, true) => output::print_json(&OddsJson::Single(SingleJson {
            rules: args.rules,
            row: &rows[0],
            notes,
        })),
        (true, false) => output::print_json(&OddsJson::Table(TableJson {
            rules: args.rules,
            rows: &rows,
            notes,
        })),
        (false, single) => {
            let mut out = String::new();
            for h in &headers {
                out.push_str(&heading::line(h, width));
                out.push('\n');
            }
            out.push_str(&if single {
                render_single(&rows[0], args.rules, &notes, width)
            } else {
                render_table(&rows, args.rules, &notes, width)
            });
            write!(output::stdout(), "{out}")?;
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
        // A card is its number and name; its slot, which matters here, is labelled.
        assert_eq!(rows[0].attacker.label(), "2 Fang (slot 2): 100/X/30/40 (6X12)");
        assert_eq!(rows[0].attacker.short(), "2 Fang (slot 2) 6X12");
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
        let dir = tempfile::tempdir().unwrap();
        for name in ["m.mcr", "o.mcr"] {
            std::fs::write(dir.path().join(name), b"").unwrap();
        }
        let m = dir.path().join("m.mcr").display().to_string();
        let o = dir.path().join("o.mcr").display().to_string();
        let load = |spec: &SaveArgs| -> Result<(SaveHeader, Collection), CliError> {
            let s = (spec.file.display().to_string(), spec.save.as_deref());
            assert!(s == (m.clone(), Some("3")) || s == (o.clone(), None), "{s:?}");
            let entry = crate::ff9::SaveEntry::unboxed(
                "3".into(),
                "3".into(),
                None,
                false,
                vec![],
                crate::ff9::SavePayload::PlayStation(Default::default()),
            );
            Ok((heading::header(&spec.file, &entry, None), c.clone()))
        };
        let slots = |v: &[Side]| v.iter().map(|s| s.slot).collect::<Vec<_>>();
        let cards = |v: &[Side]| v.iter().map(|s| s.card.clone()).collect::<Vec<_>>();
        let run = |line: String| sides(&args(&line), &load);

        let (a, d, h) = run(format!("{m}:3 --card 2 4P23")).unwrap();
        assert_eq!((slots(&a), cards(&d)), (vec![Some(2)], vec!["4P23".to_string()]));
        assert_eq!(h.len(), 1);

        let (a, d, _) = run(format!("{m} --save 3 --card 3 --vs 4P23,1/M/2/3")).unwrap();
        assert_eq!((slots(&a), cards(&d)), (vec![Some(3)], vec!["4P23".into(), "1/M/2/3".into()]));

        let (a, d, h) = run(format!("{m}:3 --hand 1,3 --vs-file {o} --vs-card 2")).unwrap();
        assert_eq!((slots(&a), slots(&d)), (vec![Some(1), Some(3)], vec![Some(2)]));
        assert_eq!(h.len(), 2, "both saves are named");

        let (a, d, _) = run(format!("8X35 --vs-file {o} --vs-card 1")).unwrap();
        assert_eq!((cards(&a), slots(&d)), (vec!["8X35".to_string()], vec![Some(1)]));

        // --hand all: every card of the save, ranked best first (slot 4's type is undefined,
        // so rows() reports it; sides() still lists it).
        let (a, _, _) = run(format!("{m}:3 --hand all 4P23")).unwrap();
        assert_eq!(slots(&a), vec![Some(1), Some(2), Some(3), Some(4)]);

        for bad in [
            format!("{m}:3 --card 2 4P23 1P11"),
            format!("{m}:3 --card 2"),
            format!("{m}:3 4P23"),
            "--card 2 4P23".to_string(),
            format!("{m}:3 --hand 1,x 4P23"),
            // The save named twice, and --save without a file first.
            format!("{m}:3 --save 3 --card 2 4P23"),
            format!("--save {m}:3 --card 2 4P23"),
        ] {
            assert_eq!(run(bad.clone()).unwrap_err().code, EXIT_USAGE, "{bad}");
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
