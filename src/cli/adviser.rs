//! The adviser's arguments and what they mean, shared by `advise` and `play`: my hand (from a
//! save or in the position notation), the goal, the opponent model and the time budget.

use super::args::{conflict, parse_save_spec, SaveArgs};
use super::error::CliError;
use super::heading;
use super::select::load_collection;
use crate::game::card::GameCard;
use crate::game::notation;
use crate::game::search::{Goal, Opponent, DEFAULT_BUDGET_MS};
use crate::report::header::SaveHeader;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::time::Duration;

/// What to optimise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum OpponentModel {
    /// The game's AI at --wise.
    Game,
    /// The move worst for me.
    Worst,
}

/// My five cards: `--file FILE[:S] --hand SLOTS` from a save, exact, or `--hand CARDS` in the
/// position notation (shared by `advise` and `play`). `--save S` names the save of the file as
/// in every other command.
#[derive(Debug, Args)]
pub struct HandArgs {
    /// Take my five cards from this save file: FILE, or FILE:S for one of its saves.
    #[arg(long, value_name = "FILE[:S]")]
    pub file: Option<String>,
    /// Which save of --file (`quadmist saves FILE` lists them), as in the other commands.
    #[arg(long, short = 's', value_name = "SAVE", requires = "file")]
    pub save: Option<String>,
    /// My five cards in hand order: with --file, their slots in the save (3,7,12,40,41); else
    /// the cards themselves (138/X/53/90@E+S,...), written as in a position.
    #[arg(long, value_name = "SLOTS|CARDS")]
    pub hand: Option<String>,
}

impl HandArgs {
    /// The save file and save named, when a file is: `FILE:S` and `--save S` together are a
    /// usage error.
    pub fn save_args(&self) -> Result<Option<SaveArgs>, CliError> {
        let Some(spec) = &self.file else { return Ok(None) };
        let split = parse_save_spec(spec);
        match (&split.save, &self.save) {
            (Some(named), Some(flag)) => Err(CliError::usage(conflict(spec, named, flag))),
            (None, Some(flag)) => Ok(Some(SaveArgs { file: split.file, save: Some(flag.clone()) })),
            _ => Ok(Some(split)),
        }
    }

    /// My five cards, when given, with the header of the save they come from.
    pub fn cards(&self) -> Result<Option<Hand>, CliError> {
        match (self.save_args()?, &self.hand) {
            (Some(save), hand) => {
                let text = hand.as_deref().unwrap_or("");
                let slots: Vec<u16> = text
                    .split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| {
                        s.trim().parse().map_err(|_| {
                            CliError::usage(format!(
                                "--hand with --file takes card slots (see `quadmist cards`), \
                                 not `{}`",
                                s.trim()
                            ))
                        })
                    })
                    .collect::<Result<_, _>>()?;
                Ok(Some(hand_from_save(&save, &slots)?))
            }
            (None, Some(text)) => {
                let v = notation::parse_hand(text, "--hand").map_err(CliError::usage)?;
                Ok(Some(Hand { cards: [v[0], v[1], v[2], v[3], v[4]], save: None }))
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
    ///
    /// The default, a quarter of a second, answers at once: a longer search makes more figures
    /// exact, not the estimates shown, and the adviser won the same 20 seeded simulated matches
    /// with it as with 2 seconds.
    #[arg(long, default_value_t = DEFAULT_BUDGET_MS, value_parser = clap::value_parser!(u64).range(1..=600_000))]
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

/// My five cards, in hand order.
#[derive(Debug)]
pub struct Hand {
    /// The cards.
    pub cards: [GameCard; 5],
    /// The save they were taken from (`--file`), named as every command names a save.
    pub save: Option<SaveHeader>,
}

/// My five cards from a save.
pub fn hand_from_save(args: &SaveArgs, slots: &[u16]) -> Result<Hand, CliError> {
    if slots.len() != 5 {
        return Err(CliError::usage("--hand needs five card slots, e.g. --hand 3,7,12,40,41"));
    }
    let (entry, collection) = load_collection(args)?;
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
    Ok(Hand {
        cards: [out[0], out[1], out[2], out[3], out[4]],
        save: Some(heading::header(&args.file, &entry, Some(&collection))),
    })
}
