//! `quadmist simulate`: whole matches from random deals against the game's AI; win, draw and
//! loss rates with 95 % intervals.

use crate::cli::error::{CliError, CliResult};
use crate::cli::output;
use crate::game::sim::{run, Player, Rate, Tally};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::io::Write;
use std::time::Duration;

const AFTER_HELP: &str = "\
Each match is dealt as the game sets one up: five card ids drawn at random, both hands \
created from those ids by the game's card creation, blocked squares and the coin for the \
first player. The opponent is the game's AI at the Wise level given; battles and the AI's \
choices draw from a generator seeded by --seed and the match number, so a run is reproducible \
whatever --threads. Rates come with 95 % Wilson score intervals.

Players:
  adviser
      quadmist's adviser (goal: win, opponent model: the game AI), --budget-ms a move
  game
      the game's own AI playing your side, at the same Wise
  greedy
      the move with the best expected card balance after its own turn (one ply)
  random
      any legal move, uniformly

Examples:
  10,000 matches of the greedy player against Wise 3:
      quadmist simulate --games 10000 --seed 1 --player greedy --wise 3
  The adviser, 50 ms a move, on two threads, as JSON:
      quadmist simulate --games 1000 --player adviser --budget-ms 50 --wise 1 --threads 2 \
--json";

/// The player's policies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum PlayerArg {
    /// quadmist's adviser.
    Adviser,
    /// The game's AI.
    Game,
    /// One-ply greedy.
    Greedy,
    /// Uniformly random.
    Random,
}

/// The opponent's policy (only the game's AI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum OpponentArg {
    /// The game's AI (`EnemyAI`).
    Game,
}

/// Arguments of `quadmist simulate`.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct SimulateArgs {
    /// Matches to play.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// Seed of the deals, battles and AI draws.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Who plays your side.
    #[arg(long, value_enum, default_value_t = PlayerArg::Adviser)]
    pub player: PlayerArg,
    /// The opponent.
    #[arg(long, value_enum, default_value_t = OpponentArg::Game)]
    pub opponent: OpponentArg,
    /// The opponent's Wise level, 0..3.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub wise: u8,
    /// The adviser's time per move, in milliseconds (50 if not given).
    #[arg(long, default_value_t = 50, hide_default_value = true, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub budget_ms: u64,
    /// Threads to play the matches on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// Write JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
struct Report {
    games: u64,
    player: PlayerArg,
    opponent: OpponentArg,
    wise: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    budget_ms: Option<u64>,
    seed: u64,
    win: Rate,
    draw: Rate,
    loss: Rate,
}

/// The JSON Schema of `simulate --json`.
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<Report>()
}

/// Runs `quadmist simulate`.
pub fn run_simulate(args: &SimulateArgs) -> CliResult {
    let player = match args.player {
        PlayerArg::Adviser => Player::Adviser(Duration::from_millis(args.budget_ms)),
        PlayerArg::Game => Player::Game,
        PlayerArg::Greedy => Player::Greedy,
        PlayerArg::Random => Player::Random,
    };
    let threads = args.threads.min(args.games);
    let chunk = args.games.div_ceil(threads);
    let tally = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (from, to) = (t * chunk, ((t + 1) * chunk).min(args.games));
                s.spawn(move || run(args.seed, from, to, player, args.wise))
            })
            .collect();
        let mut total = Tally::default();
        for h in handles {
            let t = h.join().map_err(|_| CliError::unusable("a simulation thread failed"))?;
            total.win += t.win;
            total.draw += t.draw;
            total.loss += t.loss;
        }
        Ok::<Tally, CliError>(total)
    })?;
    let n = tally.games();
    let report = Report {
        games: n,
        player: args.player,
        opponent: args.opponent,
        wise: args.wise,
        budget_ms: (args.player == PlayerArg::Adviser).then_some(args.budget_ms),
        seed: args.seed,
        win: Rate::wilson(tally.win, n),
        draw: Rate::wilson(tally.draw, n),
        loss: Rate::wilson(tally.loss, n),
    };
    if args.json {
        return output::print_json(&report);
    }
    let mut out = output::stdout();
    let who = match args.player {
        PlayerArg::Adviser => format!("the adviser ({} ms a move)", args.budget_ms),
        PlayerArg::Game => "the game's AI".to_string(),
        PlayerArg::Greedy => "a greedy player (one ply)".to_string(),
        PlayerArg::Random => "a random player".to_string(),
    };
    let head = format!(
        "{n} {} of {who} against the game's AI at Wise {} (seed {}):",
        if n == 1 { "match" } else { "matches" },
        args.wise,
        args.seed
    );
    writeln!(out, "{}", crate::cli::text::wrap(&head, crate::cli::text::term_width(), "", "  "))?;
    for (name, r) in [("won", report.win), ("drawn", report.draw), ("lost", report.loss)] {
        writeln!(
            out,
            "  {name:<6} {:>5.1} %   95 % interval {:.1} % to {:.1} %",
            100.0 * r.rate,
            100.0 * r.low,
            100.0 * r.high
        )?;
    }
    Ok(())
}
