//! `quadmist advise`: the best moves in a match position, with their chances.

use crate::cli::adviser::{model_name, AdviceArgs, GoalArg, HandArgs, OpponentModel};
use crate::cli::error::{CliError, CliResult};
use crate::cli::output;
use crate::cli::{heading, text};
use crate::game::calibration::{Measured, MEASURED};
use crate::game::notation::{self, Position};
use crate::game::search::{Analysis, Goal, Opponent, Searcher, HIDDEN_DRAWS};
use crate::report::header::SaveHeader;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use std::time::Duration;

const AFTER_HELP: &str = "\
Position: BOARD;MINE;THEIRS, me to move.
  BOARD
      16 cells row by row from the top left (rows may be split by /): . empty, # block, a-e \
my cards 1-5, f-j the opponent's cards 1-5; lower case: on my side (blue) now, upper case: on \
theirs (red).
  MINE, THEIRS
      five cards each in hand order, comma-separated, placed ones included: \
[ID:]STATS@ARROWS. STATS: the digits shown (1P23: atk, type, pdef, mdef) or exact values \
(138/X/53/90). ID (name or number 1..100, optional) narrows an opponent's digits to what card \
creation can give. ARROWS: 0x54 or compass points E+S+W.
      With --file FILE[:S] --hand SLOTS, MINE comes exact from the save; with --hand CARDS \
from those cards (write * for MINE in both cases).

Cells are named by column A-D (left to right) and row 1-4 (top to bottom).

Figures are exact when every card is known exactly and the search reached the end of the \
match. An opponent card known by its digits is averaged over its equally likely values, each \
battle on its own, and the game AI is assumed to see the middle of each band; where the \
search reaches the end, each figure shown is then its mean over up to 32 random draws of the \
hidden values, each draw solved to the end with the values drawn, and these figures choose \
among the search's five best moves when their draws fit in the time. Such figures, and those of \
a search cut by --budget-ms, are marked as estimates. A cut search ranks the moves as deep \
as its budget allows, but the figures it shows for a move are those of a fixed \
estimate, the same at any budget: the move, each reply of the opponent, then the chances \
fitted on matches solved to the end (from the card balance, the best capture of each hand \
and the cards left open to capture), the chance to win then mapped to how often the adviser \
won from such a figure in simulated matches (it plays on with its deeper search, so it wins \
more often than the estimate alone says). The label says how close such figures came to what \
happened in simulated matches.

Examples:
  A position given in full:
      quadmist advise '..../.f../..../....;138/X/53/90@E+S,99/P/40/40@N,\
70/M/80/20@W+E,60/P/60/60@S,50/X/30/30@N+S;3P21@W,2M12@N,1P11@E,4P20@S,2A22@N+E'
  My hand from a save, against the worst opponent:
      quadmist advise --file memcard.mcr:3 --hand 3,7,12,40,41 --opponent worst \
'#.../..../..../....;*;1P23@N,2M12@E,0P31@S,3P20@W,1P11@N+S'
  Keep my card 2, as JSON:
      quadmist advise POSITION --goal keep --keep 2 --json";

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

#[derive(Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
struct MoveJson {
    /// Which of my five cards, by its place in my hand (1..5; not a slot of a save, not a
    /// card number).
    hand_position: u8,
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
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
struct AdviseJson<'a> {
    /// The save my cards come from (`--file`), named as every document names a save.
    #[serde(skip_serializing_if = "Option::is_none")]
    header: Option<&'a SaveHeader>,
    position: String,
    goal: GoalArg,
    opponent: OpponentModel,
    #[serde(skip_serializing_if = "Option::is_none")]
    wise: Option<u8>,
    exact: bool,
    estimates: Vec<String>,
    /// How well the estimates were measured to match what happens (absent when exact).
    #[serde(skip_serializing_if = "Option::is_none")]
    calibration: Option<Measured>,
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

/// The JSON Schema of `advise --json`.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<AdviseJson<'static>>()
}

/// Why the figures of `a` are estimates, if they are: one sentence a reason.
fn estimate_reasons(p: &Position, a: &Analysis) -> Vec<String> {
    let mut estimates = Vec::new();
    if notation::has_bands(&p.cards) {
        estimates.push(if a.exact {
            format!("some card is known by its digits: each move's figures are the mean of its exact results over up to {HIDDEN_DRAWS} random draws of the values those digits allow")
        } else {
            "some card is known by its digits: each battle uses the mean chance over its values, and the game AI the middle of each band".to_string()
        });
    }
    if !a.exact {
        estimates.push(format!(
            "the search did not reach the end of the match: each move's figures are the fitted estimate after the opponent's reply, the same at any budget, while the order of the moves comes from the deeper search ({})",
            MEASURED.label()
        ));
    }
    estimates
}

/// The position in advise's notation, BOARD;MINE;THEIRS.
fn position_text(p: &Position) -> String {
    let hand = |cards: &[_]| cards.iter().map(notation::card_text).collect::<Vec<_>>().join(",");
    format!("{};{};{}", notation::board_text(&p.board), hand(&p.cards[..5]), hand(&p.cards[5..]))
}

/// Runs `quadmist advise`.
pub fn run(args: &AdviseArgs) -> CliResult {
    let (mine, save) = match args.mine.cards()? {
        Some(hand) => (Some(hand.cards), hand.save),
        None => (None, None),
    };
    let p = notation::parse(&args.position, mine).map_err(CliError::usage)?;
    let goal = args.advice.goal()?;
    let opp = args.advice.opponent();
    let a = analyse(&p, goal, opp, args.advice.budget(), args.top.max(1));
    let estimates = estimate_reasons(&p, &a);
    let moves: Vec<MoveJson> = a
        .moves
        .iter()
        .take(args.top.max(1))
        .map(|m| MoveJson {
            hand_position: m.slot + 1,
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
        return output::print_json(&AdviseJson {
            header: save.as_ref(),
            position: position_text(&p),
            goal: args.advice.goal,
            opponent: args.advice.opponent,
            wise: (args.advice.opponent == OpponentModel::Game).then_some(args.advice.wise),
            exact: a.exact && estimates.is_empty(),
            calibration: (!a.exact).then_some(MEASURED),
            estimates,
            depth: a.depth,
            nodes: a.nodes,
            moves,
        });
    }
    let mut out = output::stdout();
    let model = model_name(opp);
    // My cards from a save: the save named first, as every command names it.
    if let Some(h) = &save {
        writeln!(out, "{}", heading::line(h, text::term_width()))?;
    }
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
        let what = format!("card {} to {}", m.hand_position, m.cell);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_gives_the_number_of_draws_the_search_makes() {
        // The help is a constant string: it must name the constant's value.
        let words = AFTER_HELP.replace('\\', "").split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains(&format!("up to {HIDDEN_DRAWS} random draws")), "{words}");
    }
}
