//! `quadmist advise`: the best moves in a match position, with their chances.

use super::common::{self, SaveArgs};
use super::error::{CliError, CliResult};
use crate::game::card::GameCard;
use crate::game::notation::{self, Position};
use crate::game::search::{Analysis, Goal, Opponent, Searcher};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

const AFTER_HELP: &str = "\
Position: BOARD;MINE;THEIRS, me to move.
  BOARD    16 cells row by row from the top left (rows may be split by /):
           . empty, # block, a-e my cards 1-5, f-j the opponent's cards 1-5;
           lower case: on my side (blue) now, upper case: on theirs (red).
  MINE, THEIRS
           five cards each in hand order, comma-separated, placed ones
           included: [ID:]STATS@ARROWS. STATS: the digits shown (1P23: atk,
           type, pdef, mdef) or exact values (138/X/53/90). ID (name or
           number 1..100, optional) narrows an opponent's digits to what card
           creation can give. ARROWS: 0x54 or compass points E+S+W.
  With --save FILE[:S] --hand SLOTS, MINE comes exact from the save; with
  --hand CARDS from those cards (write * for MINE in both cases).

Cells are named by column A-D (left to right) and row 1-4 (top to bottom).

Figures are exact when every card is known exactly and the search reached
the end of the match. An opponent card known by its digits is averaged over
its equally likely values, each battle on its own, and the game AI is
assumed to see the middle of each band: such figures, and those of a search
cut by --budget-ms, are marked as estimates. A cut search scores each
position beyond its depth by the card balance d (cards on the board and in
hand, mine minus the opponent's): P(win) = 1/(1 + e^(-0.9(d-1))), P(loss)
the same for -d, P(draw) the rest.

Examples:
  quadmist advise '..../.f../..../....;138/X/53/90@E+S,99/P/40/40@N,
    70/M/80/20@W+E,60/P/60/60@S,50/X/30/30@N+S;3P21@W,2M12@N,1P11@E,
    4P20@S,2A22@N+E'
  quadmist advise --save memcard.mcr:3 --hand 3,7,12,40,41 --opponent worst
    '#.../..../..../....;*;1P23@N,2M12@E,0P31@S,3P20@W,1P11@N+S'
  quadmist advise POSITION --goal keep --keep 2 --json";

/// What to optimise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GoalArg {
    /// The chance to win the match.
    Win,
    /// Expected cards won.
    Cards,
    /// The chance that my card --keep N is not taken.
    Keep,
}

/// The opponent model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OpponentModel {
    /// The game's AI at --wise.
    Game,
    /// The move worst for me.
    Worst,
}

/// My five cards: `--save FILE[:S] --hand SLOTS` from a save, exact, or `--hand CARDS` in the
/// position notation (shared by `advise` and `play`).
#[derive(Debug, Args)]
pub struct HandArgs {
    /// Take my five cards from this save: FILE or FILE:S.
    #[arg(long, value_name = "FILE[:S]")]
    pub save: Option<String>,
    /// My five cards in hand order: their slots in the save with --save (3,7,12,40,41), else
    /// the cards themselves as in a position (138/X/53/90@E+S,...).
    #[arg(long, value_name = "SLOTS|CARDS")]
    pub hand: Option<String>,
}

impl HandArgs {
    /// My five cards, when given.
    pub fn cards(&self) -> Result<Option<[GameCard; 5]>, CliError> {
        match (&self.save, &self.hand) {
            (Some(spec), hand) => {
                let text = hand.as_deref().unwrap_or("");
                let slots: Vec<u16> = text
                    .split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| {
                        s.trim().parse().map_err(|_| {
                            CliError::usage(format!(
                                "--hand with --save takes card slots (see `quadmist cards`), \
                                 not `{}`",
                                s.trim()
                            ))
                        })
                    })
                    .collect::<Result<_, _>>()?;
                Ok(Some(hand_from_save(spec, &slots)?))
            }
            (None, Some(text)) => {
                let v = notation::parse_hand(text, "--hand").map_err(CliError::usage)?;
                Ok(Some([v[0], v[1], v[2], v[3], v[4]]))
            }
            (None, None) => Ok(None),
        }
    }
}

/// The adviser's options (shared by `advise` and `play`).
#[derive(Debug, Args)]
pub struct AdviceArgs {
    /// What to optimise.
    #[arg(long, value_enum, default_value_t = GoalArg::Win)]
    pub goal: GoalArg,
    /// With --goal keep: my card to keep, 1..5 in hand order.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    pub keep: Option<u8>,
    /// The opponent model.
    #[arg(long, value_enum, default_value_t = OpponentModel::Game)]
    pub opponent: OpponentModel,
    /// The game AI's Wise level, 0..3.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub wise: u8,
    /// Time for the search, in milliseconds.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub budget_ms: u64,
}

impl AdviceArgs {
    /// The goal; `--goal keep` without `--keep` is a usage error.
    pub fn goal(&self) -> Result<Goal, CliError> {
        match (self.goal, self.keep) {
            (GoalArg::Win, _) => Ok(Goal::Win),
            (GoalArg::Cards, _) => Ok(Goal::Cards),
            (GoalArg::Keep, Some(k)) => Ok(Goal::Keep(k - 1)),
            (GoalArg::Keep, None) => Err(CliError::usage("--goal keep needs --keep N (1..5)")),
        }
    }

    /// The opponent model.
    pub fn opponent(&self) -> Opponent {
        match self.opponent {
            OpponentModel::Game => Opponent::Game(self.wise),
            OpponentModel::Worst => Opponent::Worst,
        }
    }

    /// The search's time budget.
    pub fn budget(&self) -> Duration {
        Duration::from_millis(self.budget_ms)
    }
}

/// Who the opponent is, in words: "the game's AI at Wise 3".
pub fn model_name(opp: Opponent) -> String {
    match opp {
        Opponent::Game(w) => format!("the game's AI at Wise {w}"),
        Opponent::Worst => "an opponent who plays my worst case".into(),
    }
}

/// Arguments of `quadmist advise`.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct AdviseArgs {
    /// The position, BOARD;MINE;THEIRS (see below).
    pub position: String,
    /// My cards from a save.
    #[command(flatten)]
    pub mine: HandArgs,
    /// The adviser's options.
    #[command(flatten)]
    pub advice: AdviceArgs,
    /// Moves to show.
    #[arg(long, default_value_t = 8)]
    pub top: usize,
    /// Write JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// My five cards from a save.
pub fn hand_from_save(spec: &str, slots: &[u16]) -> Result<[GameCard; 5], CliError> {
    if slots.len() != 5 {
        return Err(CliError::usage("--hand needs five card slots, e.g. --hand 3,7,12,40,41"));
    }
    let (file, save) = match spec.rsplit_once(':') {
        Some((f, s)) if !f.is_empty() && !s.contains('/') && !s.contains('\\') => {
            (f.to_string(), Some(s.to_string()))
        }
        _ => (spec.to_string(), None),
    };
    let args = SaveArgs { file: PathBuf::from(file), save };
    let (_, collection) = common::load_collection(&args)?;
    let mut out = Vec::with_capacity(5);
    for &slot in slots {
        let c = collection.card(slot).ok_or_else(|| {
            CliError::usage(format!("the save has no card in slot {slot} (see `quadmist cards`)"))
        })?;
        out.push(GameCard::from_record(c));
    }
    if (0..5).any(|i| (i + 1..5).any(|j| slots[i] == slots[j])) {
        return Err(CliError::usage("--hand names the same card twice"));
    }
    Ok([out[0], out[1], out[2], out[3], out[4]])
}

#[derive(Serialize)]
struct MoveJson {
    card: u8,
    cell: String,
    win: f64,
    draw: f64,
    loss: f64,
    cards: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    keep: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_target: Option<String>,
}

#[derive(Serialize)]
struct AdviseJson<'a> {
    position: String,
    goal: GoalArg,
    opponent: OpponentModel,
    #[serde(skip_serializing_if = "Option::is_none")]
    wise: Option<u8>,
    exact: bool,
    estimates: Vec<&'a str>,
    depth: u32,
    nodes: u64,
    moves: Vec<MoveJson>,
}

/// Who a slot is, for a person: "my card 2", "their card 4".
fn slot_name(slot: u8) -> String {
    if slot < 5 {
        format!("my card {}", slot + 1)
    } else {
        format!("their card {}", slot - 4)
    }
}

/// Runs the search of a position, ranking the `top` best moves exactly (the others are only
/// proved no better, which is faster).
pub fn analyse(p: &Position, goal: Goal, opp: Opponent, budget: Duration, top: usize) -> Analysis {
    let mut s = Searcher::new(&p.cards, opp, goal, 20);
    s.set_top(top);
    s.analyse(&p.board, Some(budget))
}

/// The four rows of the board, numbered: each cell empty (`.`), blocked (`###`) or a card's
/// digits marked `b` (my side) or `r` (the opponent's).
fn board_lines(p: &Position) -> Vec<String> {
    (0..4u8)
        .map(|row| {
            let mut line = format!("  {} ", row + 1);
            for col in 0..4u8 {
                let cell = col + 4 * row;
                let c = p.board.cells[cell as usize];
                let txt = match c {
                    crate::game::board::EMPTY => "  .   ".to_string(),
                    crate::game::board::BLOCK => " ###  ".to_string(),
                    s => {
                        let npc = p.board.side(s) == crate::game::board::Side::Npc;
                        let mark = if npc { 'r' } else { 'b' };
                        format!(" {}{mark} ", p.cards[s as usize].digits())
                    }
                };
                line.push_str(&format!("{txt:<8}"));
            }
            line.trim_end().to_string()
        })
        .collect()
}

/// Runs `quadmist advise`.
pub fn run(args: &AdviseArgs) -> CliResult {
    let mine = args.mine.cards()?;
    let p = notation::parse(&args.position, mine).map_err(CliError::usage)?;
    let goal = args.advice.goal()?;
    let opp = args.advice.opponent();
    let a = analyse(&p, goal, opp, args.advice.budget(), args.top.max(1));
    let mut estimates = Vec::new();
    if notation::has_bands(&p.cards) {
        estimates.push("some card is known by its digits: each battle uses the mean chance over its values, and the game AI the middle of each band");
    }
    if !a.exact {
        estimates.push("the search did not reach the end of the match: positions beyond its depth are scored by the documented card-balance estimate");
    }
    let moves: Vec<MoveJson> = a
        .moves
        .iter()
        .take(args.top.max(1))
        .map(|m| MoveJson {
            card: m.slot + 1,
            cell: notation::cell_name(m.cell),
            win: m.value.win,
            draw: m.value.draw,
            loss: m.value.loss(),
            cards: m.value.cards,
            keep: matches!(goal, Goal::Keep(_)).then_some(m.value.keep),
            first_target: m.first_target.map(slot_name),
        })
        .collect();
    if args.json {
        return common::print_json(&AdviseJson {
            position: format!(
                "{};{};{}",
                notation::board_text(&p.board),
                p.cards[..5].iter().map(notation::card_text).collect::<Vec<_>>().join(","),
                p.cards[5..].iter().map(notation::card_text).collect::<Vec<_>>().join(",")
            ),
            goal: args.advice.goal,
            opponent: args.advice.opponent,
            wise: (args.advice.opponent == OpponentModel::Game).then_some(args.advice.wise),
            exact: a.exact && estimates.is_empty(),
            estimates,
            depth: a.depth,
            nodes: a.nodes,
            moves,
        });
    }
    let mut out = common::stdout();
    let model = model_name(opp);
    writeln!(out, "Board (me to move):")?;
    for line in board_lines(&p) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "     A       B       C       D        (b: my side, r: the opponent's)")?;
    writeln!(out)?;
    let figures = if a.exact && estimates.is_empty() { "exact" } else { "estimates" };
    writeln!(out, "Against {model} ({figures}, {} placements ahead):", a.depth)?;
    let keep = matches!(goal, Goal::Keep(_));
    writeln!(
        out,
        "  {:<22} {:>6} {:>6} {:>6} {:>7}{}",
        "move",
        "win",
        "draw",
        "loss",
        "cards",
        if keep { "   keep" } else { "" }
    )?;
    for m in &moves {
        let what = format!("card {} to {}", m.card, m.cell);
        let keep_col = m.keep.map(|k| format!(" {:>5.1} %", 100.0 * k)).unwrap_or_default();
        writeln!(
            out,
            "  {what:<22} {:>5.1}% {:>5.1}% {:>5.1}% {:>+7.2}{keep_col}",
            100.0 * m.win,
            100.0 * m.draw,
            100.0 * m.loss,
            m.cards
        )?;
        if let Some(t) = &m.first_target {
            writeln!(out, "  {:<22} attack {t} first", "")?;
        }
    }
    for e in &estimates {
        let mut line = String::from("Estimate:");
        for w in e.split(' ') {
            if line.len() + w.len() + 1 > 78 {
                writeln!(out, "{line}")?;
                line = String::from(" ");
            }
            line.push(' ');
            line.push_str(w);
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}
