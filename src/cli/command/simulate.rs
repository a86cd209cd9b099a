//! `quadmist simulate`: whole matches from random deals against the game's AI; win, draw and
//! loss rates with 95 % intervals, and how well the adviser's shown chances match the results.

use crate::cli::error::{CliError, CliResult};
use crate::cli::files::{check_output, read_file};
use crate::cli::output;
use crate::cli::text;
use crate::game::calibration::{Calibration, Reliability, MEASURED};
use crate::game::search::{Budget, NODES_PER_MS};
use crate::game::sim::{play_game, Played, Player, Rate, Record, Tally};
use crate::report::simulation::{reliability_svg, simulation_page, SimulationReport};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

const AFTER_HELP: &str = "\
Each match is dealt as the game sets one up: five card ids drawn at random, both hands \
created from those ids by the game's card creation, blocked squares and the coin for the \
first player. The opponent is the game's AI at the Wise level given; battles and the AI's \
choices draw from a generator seeded by --seed and the match number. The adviser's budget is \
a number of positions to search (--nodes, or --budget-ms times 1,000: about what it searches \
in that time on the reference machine), never a time: so a run gives the same result on any \
machine, however busy, and whatever --threads. Rates come with 95 % Wilson score intervals.

Players:
  adviser
      quadmist's adviser (goal: win, opponent model: the game AI)
  game
      the game's own AI playing your side, at the same Wise
  greedy
      the move with the best expected card balance after its own turn (one ply)
  random
      any legal move, uniformly

Calibration (--calibration): at each of its turns the adviser shows a chance to win and a \
chance of a draw for the move it plays. These are set against the results: a table by tenths \
of the chance shown (moves, their mean chance, how often it happened), the Brier score, and \
the calibration error: the mean gap in points between the chance shown and how often it \
happened, weighted by the moves in each tenth. --plot draws the reliability diagram. How \
often it happened is itself a sample: its 95 % interval is the room luck alone leaves (with \
80 moves shown 75 %, about 9 points either way). The chances shown were fitted on the matches of \
seed 1 at Wise 3 and 1: measure them on another seed (quadmist's own label comes from seed 2).

A long run can be stopped and taken up again: --records writes each match as it ends, and \
--resume reads those matches back instead of playing them again.

Examples:
  10,000 matches of the greedy player against Wise 3:
      quadmist simulate --games 10000 --seed 1 --player greedy --wise 3
  The adviser, 50 ms a move, on two threads, as JSON:
      quadmist simulate --games 1000 --budget-ms 50 --wise 1 --threads 2 --json
  How well the adviser's chances match the results, with the diagram and a page:
      quadmist simulate --games 2000 --seed 2 --calibration --plot wise3.svg --html \
wise3.html
  The same run taken up again after a stop:
      quadmist simulate --games 2000 --seed 2 --calibration --resume part1.jsonl \
--records part2.jsonl";

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
    /// The adviser's budget a move, in milliseconds of the reference machine: 1,000 positions
    /// searched each (50 if not given).
    #[arg(long, default_value_t = 50, hide_default_value = true, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub budget_ms: u64,
    /// The adviser's budget a move, in positions searched (--budget-ms × 1,000 if not given).
    #[arg(long, conflicts_with = "budget_ms", value_parser = clap::value_parser!(u64).range(1..=100_000_000_000))]
    pub nodes: Option<u64>,
    /// Set the adviser's shown chances against the results (see below).
    #[arg(long)]
    pub calibration: bool,
    /// Write the reliability diagram to this SVG file (with --calibration).
    #[arg(long, value_name = "FILE.svg", requires = "calibration")]
    pub plot: Option<PathBuf>,
    /// Write the report as an HTML page, with the calibration's tables and diagram.
    #[arg(long, value_name = "PAGE.html")]
    pub html: Option<PathBuf>,
    /// Write each match, as it ends, to this file (JSON lines), for --resume.
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Take the matches already played from the --records of an earlier run of the same
    /// seed, Wise and budget (may be given several times).
    #[arg(long, value_name = "FILE")]
    pub resume: Vec<PathBuf>,
    /// Threads to play the matches on.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// Write JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The matches already played, from the --resume files; an error if a line belongs to
/// another run.
fn resumed(args: &SimulateArgs, nodes: Option<u64>) -> Result<BTreeMap<u64, Played>, CliError> {
    let mut out = BTreeMap::new();
    for file in &args.resume {
        let bytes = read_file(file)?;
        let text = String::from_utf8_lossy(&bytes);
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let r: Record = serde_json::from_str(line).map_err(|e| {
                CliError::unusable(format!(
                    "{} line {}: not a match of quadmist simulate --records ({e})",
                    file.display(),
                    n + 1
                ))
            })?;
            let player = player_name(args.player);
            if (r.seed, r.player.as_str(), r.wise, r.nodes) != (args.seed, player, args.wise, nodes)
            {
                return Err(CliError::usage(format!(
                    "{} holds matches of another run (seed {}, player {}, Wise {}{}): resume \
                     with the same --seed, --player, --wise and budget",
                    file.display(),
                    r.seed,
                    r.player,
                    r.wise,
                    r.nodes.map(|n| format!(", {n} positions a move")).unwrap_or_default()
                )));
            }
            if r.game < args.games {
                out.insert(r.game, r.played);
            }
        }
    }
    Ok(out)
}

fn player_name(p: PlayerArg) -> &'static str {
    match p {
        PlayerArg::Adviser => "adviser",
        PlayerArg::Game => "game",
        PlayerArg::Greedy => "greedy",
        PlayerArg::Random => "random",
    }
}

/// Plays the matches not yet played on `threads` threads, each match written to `records` as
/// it ends; returns them all (with the resumed ones), by match number.
fn play_all(
    args: &SimulateArgs,
    player: Player,
    nodes: Option<u64>,
    mut done: BTreeMap<u64, Played>,
) -> Result<BTreeMap<u64, Played>, CliError> {
    let records = match &args.records {
        Some(path) => {
            for r in &args.resume {
                check_output(path, r)?;
            }
            let f = std::fs::File::create(path)
                .map_err(|e| CliError::unusable(format!("cannot write {}: {e}", path.display())))?;
            Some(Mutex::new(std::io::BufWriter::new(f)))
        }
        None => None,
    };
    // Only a calibration needs every prediction: otherwise a match keeps its result alone.
    let keep = args.calibration;
    let todo: Vec<u64> = (0..args.games).filter(|g| !done.contains_key(g)).collect();
    let threads = (args.threads as usize).clamp(1, todo.len().max(1));
    let chunk = todo.len().div_ceil(threads).max(1);
    let write = |game: u64, played: &Played| -> Result<(), CliError> {
        let Some(w) = &records else { return Ok(()) };
        let line = serde_json::to_string(&Record {
            seed: args.seed,
            player: player_name(args.player).to_string(),
            wise: args.wise,
            nodes,
            game,
            played: played.clone(),
        })
        .map_err(std::io::Error::from)?;
        let mut w = w.lock().map_err(|_| CliError::unusable("a simulation thread failed"))?;
        writeln!(w, "{line}")?;
        w.flush()?;
        Ok(())
    };
    let played = std::thread::scope(|s| {
        let handles: Vec<_> = todo
            .chunks(chunk)
            .map(|games| {
                let write = &write;
                s.spawn(move || {
                    let mut out = Vec::with_capacity(games.len());
                    for &g in games {
                        let mut p = play_game(args.seed, g, player, args.wise);
                        write(g, &p)?;
                        if !keep {
                            p.predictions = Vec::new();
                        }
                        out.push((g, p));
                    }
                    Ok::<_, CliError>(out)
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in handles {
            all.extend(h.join().map_err(|_| CliError::unusable("a simulation thread failed"))??);
        }
        Ok::<_, CliError>(all)
    })?;
    done.extend(played);
    Ok(done)
}

/// The JSON Schema of `simulate --json`.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<SimulationReport>()
}

/// Runs `quadmist simulate`.
pub fn run_simulate(args: &SimulateArgs) -> CliResult {
    if args.calibration && args.player != PlayerArg::Adviser {
        return Err(CliError::usage(
            "--calibration measures the adviser's chances: it needs --player adviser",
        ));
    }
    let nodes = (args.player == PlayerArg::Adviser)
        .then(|| args.nodes.unwrap_or(args.budget_ms.saturating_mul(NODES_PER_MS)));
    let player = match args.player {
        PlayerArg::Adviser => Player::Adviser(Budget::Nodes(nodes.unwrap_or(1))),
        PlayerArg::Game => Player::Game,
        PlayerArg::Greedy => Player::Greedy,
        PlayerArg::Random => Player::Random,
    };
    let matches = play_all(args, player, nodes, resumed(args, nodes)?)?;
    let mut tally = Tally::default();
    for p in matches.values() {
        tally.add(&p.result);
    }
    let n = tally.games();
    let played: Vec<Played> =
        if args.calibration { matches.into_values().collect() } else { Vec::new() };
    let report = SimulationReport {
        games: n,
        player: player_name(args.player),
        opponent: "game",
        wise: args.wise,
        budget_ms: nodes.map(|n| n as f64 / NODES_PER_MS as f64),
        nodes,
        seed: args.seed,
        win: Rate::wilson(tally.win, n),
        draw: Rate::wilson(tally.draw, n),
        loss: Rate::wilson(tally.loss, n),
        calibration: args.calibration.then(|| Calibration::of(&played)),
    };
    let who = match (args.player, args.nodes) {
        (PlayerArg::Adviser, None) => {
            format!("the adviser ({} ms a move: {} positions)", args.budget_ms, nodes.unwrap_or(0))
        }
        (PlayerArg::Adviser, Some(n)) => format!("the adviser ({n} positions a move)"),
        (PlayerArg::Game, _) => "the game's AI".to_string(),
        (PlayerArg::Greedy, _) => "a greedy player (one ply)".to_string(),
        (PlayerArg::Random, _) => "a random player".to_string(),
    };
    if let (Some(path), Some(c)) = (&args.plot, &report.calibration) {
        let title = format!("Adviser against Wise {}, {}", args.wise, text::count(n, "match"));
        write_file(path, &reliability_svg(c, &title))?;
    }
    if let Some(path) = &args.html {
        write_file(path, &simulation_page(&report, &who))?;
    }
    if args.json {
        return output::print_json(&report);
    }
    let mut out = output::stdout();
    let width = text::term_width();
    let heading = format!(
        "{} of {who} against the game's AI at Wise {} (seed {}):",
        text::count(n, "match"),
        args.wise,
        args.seed
    );
    writeln!(out, "{}", text::wrap(&heading, width, "", "  "))?;
    for (name, r) in [("won", report.win), ("drawn", report.draw), ("lost", report.loss)] {
        writeln!(
            out,
            "  {name:<6} {:>5.1} %   95 % interval {:.1} % to {:.1} %",
            100.0 * r.rate,
            100.0 * r.low,
            100.0 * r.high
        )?;
    }
    if let Some(c) = &report.calibration {
        write!(out, "{}", calibration_text(c, width))?;
    }
    Ok(())
}

/// Writes a file the run produced (never one it reads: --resume files are refused).
fn write_file(path: &Path, contents: &str) -> Result<(), CliError> {
    std::fs::write(path, contents)
        .map_err(|e| CliError::unusable(format!("cannot write {}: {e}", path.display())))
}

/// A reliability table as text, one row per tenth that holds a prediction.
fn reliability_rows(r: &Reliability, width: usize) -> String {
    let pc = |p: f64| format!("{:.1} %", 100.0 * p);
    let mut rows = vec![vec![
        "shown".into(),
        "moves".into(),
        "mean".into(),
        "happened".into(),
        "95 % interval".into(),
    ]];
    for b in r.bins.iter().filter(|b| b.count > 0) {
        rows.push(vec![
            format!("{:.0} to {:.0} %", 100.0 * b.from, 100.0 * b.to),
            b.count.to_string(),
            b.predicted.map(pc).unwrap_or_default(),
            b.observed.map(pc).unwrap_or_default(),
            b.interval
                .map(|(l, h)| format!("{:.1} to {:.1} %", 100.0 * l, 100.0 * h))
                .unwrap_or_default(),
        ]);
    }
    text::plain_table(&rows, |c| c > 0, width, "  ").unwrap_or_default() + "\n"
}

/// The calibration as text: the chance to win by tenths, by turn, then the chance of a draw.
fn calibration_text(c: &Calibration, width: usize) -> String {
    let mut s = String::new();
    let intro = format!(
        "The chance to win shown for each move played, against the results ({}): \
         calibration error {:.1} points, Brier score {:.4}.",
        text::count(c.predictions, "move"),
        c.ece_points,
        c.brier
    );
    s.push('\n');
    s.push_str(&text::wrap(&intro, width, "", ""));
    s.push('\n');
    s.push_str(&reliability_rows(&c.win(), width));
    let mut rows = vec![vec![
        "turn".to_string(),
        "moves".to_string(),
        "error, win".to_string(),
        "error, draw".to_string(),
    ]];
    for t in &c.by_turn {
        rows.push(vec![
            t.turn.to_string(),
            t.predictions.to_string(),
            format!("{:.1} points", t.ece_points),
            format!("{:.1} points", t.draw_ece_points),
        ]);
    }
    s.push_str("By the player's own turn:\n");
    s.push_str(&text::plain_table(&rows, |c| c > 0, width, "  ").unwrap_or_default());
    s.push('\n');
    let draws = format!(
        "The chance of a draw: calibration error {:.1} points, Brier score {:.4}.",
        c.draws.ece_points, c.draws.brier
    );
    s.push('\n');
    s.push_str(&text::wrap(&draws, width, "", ""));
    s.push('\n');
    s.push_str(&reliability_rows(&c.draws, width));
    let stated = format!(
        "What quadmist states beside an estimate it shows, from its last measurement ({}): \
         \"{}\".",
        MEASURED.measured_at,
        MEASURED.label()
    );
    s.push('\n');
    s.push_str(&text::wrap(&stated, width, "", ""));
    s.push('\n');
    s
}
