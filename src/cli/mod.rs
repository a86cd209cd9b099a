//! The `quadmist` command line: clap arguments and rendering. Only this layer prints.
//!
//! Conventions: data on stdout, diagnostics (findings, errors) on stderr, `--json` on every
//! data command, colour only on a terminal and never with `NO_COLOR`, exit codes [`EXIT_OK`],
//! [`EXIT_UNUSABLE`] and [`EXIT_USAGE`].
//!
//! Layout (ripgrep's shape: flags → the work → a printer): each subcommand is a leaf module of
//! [`command`], which only this dispatcher names; its `run` reads the arguments, computes a
//! report (a plain value, also what `--json` prints) with the library, then renders it as text.
//! What several commands share sits beside [`command`], named for what it does: [`args`] (a
//! save as typed, the plan's target), [`files`] (reading bounded, the sidecar, outputs never
//! over inputs), [`select`] (choosing the save, loading it), [`findings`] and [`output`] (what
//! goes to stderr and stdout), [`heading`], [`card_view`], [`card_text`], [`changes`] (the
//! diff of `diff` and `watch`), [`adviser`] (the options of `advise` and `play`) and [`text`]:
//! [`text::term_width`] (COLUMNS, else the terminal, else 80) and [`text::width`] /
//! [`text::wrap`] / [`text::fit`] so no line is wider; [`text::count`] for plurals ("1 card");
//! [`text::ranges`] for slot lists ("2–9, 11"); [`text::arrows_line`] / [`text::arrows_grid`]
//! for arrows (never bare hex outside `--json`/`--csv`/`--diagnostic`); [`text::rank_phrase`]
//! for ranks ("Player, rank 3 of 32"). Findings go through [`findings::print_findings`], which
//! honours `-q`/`-v` and collapses repeats of one kind.

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

pub mod adviser;
pub mod args;
pub mod card_text;
pub mod card_view;
pub mod changes;
pub mod command;
mod error;
pub mod files;
pub mod findings;
pub mod heading;
pub mod help;
#[cfg(feature = "json-schema")]
pub mod json_schema;
#[cfg(feature = "manual")]
pub mod man;
pub mod output;
pub mod select;
#[cfg(test)]
mod testing;
pub mod text;

use command::{
    advise, album, cards, completions, diff, icon, missing, odds, open, plan, play, report, saves,
    score, simulate, watch,
};

pub use error::{CliError, CliResult, EXIT_OK, EXIT_UNUSABLE, EXIT_USAGE};

const EXAMPLES: &str = "\
Exit codes: 0 success, 1 unreadable file or nothing usable in it, 2 usage error. Colour is \
used on a terminal only, and never when NO_COLOR is set.

Examples:
  Every save's report in your browser:
      quadmist memcard.mcr
  Only write that page, and say where:
      quadmist memcard.mcr --no-open
  List the saves on a memory card:
      quadmist saves memcard.mcr
  The cards of the save in directory slot 3:
      quadmist cards memcard.mcr --save 3
  The same save as the game's card menu:
      quadmist album memcard.mcr:3
  The score of a PC save, slot 1, file 2:
      quadmist score SavedData_ww.dat --save 1-2
  The five discards that cost the fewest points:
      quadmist plan memcard.mcr:3 --discard 5
  Where each missing card can still be had:
      quadmist missing memcard.mcr:3
  A card's chances against another:
      quadmist odds 8X35 4P23";

/// Reads Final Fantasy IX saves and shows what Tetra Master hides: each card's exact stats
/// and caps, the collector score and rank, and plans for discards and the Master rank.
#[derive(Debug, Parser)]
#[command(
    name = "quadmist",
    version,
    after_help = EXAMPLES,
    max_term_width = 80,
    override_usage = "quadmist [OPTIONS] <COMMAND>\n       quadmist [--no-open] <FILE>"
)]
pub struct Cli {
    /// Print errors only.
    ///
    /// Info and warning findings are left out.
    #[arg(long, short = 'q', global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print every finding.
    ///
    /// Also the repeats that are otherwise counted together ("and 17 more").
    #[arg(long, short = 'v', global = true)]
    pub verbose: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the saves in a memory card, single-save file, PC .dat or Switch JSON save.
    Saves(saves::SavesArgs),
    /// Write a PlayStation save's icon as a PNG.
    Icon(icon::IconArgs),
    /// Every owned card with its exact stats, caps, type and arrows.
    Cards(cards::CardsArgs),
    /// The 100 cards in a 10×10 grid, as in the game.
    Album(album::AlbumArgs),
    /// Show the collector score, rank and the points to the next rank and to Master.
    Score(score::ScoreArgs),
    /// Plan discards that lose no points, and the road to Master.
    Plan(plan::PlanArgs),
    /// The ways each missing card can still be had.
    Missing(missing::MissingArgs),
    /// A card's exact chance to win a card battle.
    Odds(odds::OddsArgs),
    /// Random matches against the game's AI, and their win rates.
    Simulate(simulate::SimulateArgs),
    /// The best moves in a match position, with the chances to win.
    Advise(advise::AdviseArgs),
    /// A real match on a terminal board: the best move at each turn.
    Play(play::PlayArgs),
    /// What changed between two saves: cards won, gone, grown, evolved; points and rank.
    Diff(diff::DiffArgs),
    /// Print what changed in a save file each time it is written.
    Watch(watch::WatchArgs),
    /// Print shell completions.
    Completions(completions::CompletionsArgs),
    /// Print a man page (roff) on stdout, or write every command's page into a folder.
    Man(completions::ManArgs),
    /// Write one HTML page of the collection: album, score and plan.
    Report(report::ReportArgs),
}

/// The JSON Schema of the document each subcommand prints with `--json`, by subcommand name
/// (`watch --json` prints the document of `diff --json`, one per line). The repository keeps
/// them in `schemas/`; a test checks they are current and that every `--json` output conforms.
/// Built only with the `json-schema` feature, which the tests turn on: the program prints none.
#[cfg(feature = "json-schema")]
pub fn json_schemas() -> Vec<(&'static str, schemars::Schema)> {
    vec![
        ("advise", advise::json_schema()),
        ("album", album::json_schema()),
        ("cards", cards::json_schema()),
        ("diff", diff::json_schema()),
        ("missing", missing::json_schema()),
        ("odds", odds::json_schema()),
        ("plan", plan::json_schema()),
        ("report", report::json_schema()),
        ("saves", saves::json_schema()),
        ("score", score::json_schema()),
        ("simulate", simulate::json_schema()),
        ("watch", diff::json_schema()),
    ]
}

/// Builds the top-level command with only the subcommand `name` (the first argument), for a
/// plain run: clap then builds one subcommand's arguments, not all fifteen. `None` when the
/// name is not a subcommand.
fn command_with_only(name: &str) -> Option<clap::Command> {
    use clap::{Arg, ArgAction, Args};
    let sub = match name {
        "saves" => saves::SavesArgs::augment_args(clap::Command::new("saves")),
        "icon" => icon::IconArgs::augment_args(clap::Command::new("icon")),
        "cards" => cards::CardsArgs::augment_args(clap::Command::new("cards")),
        "album" => album::AlbumArgs::augment_args(clap::Command::new("album")),
        "score" => score::ScoreArgs::augment_args(clap::Command::new("score")),
        "plan" => plan::PlanArgs::augment_args(clap::Command::new("plan")),
        "missing" => missing::MissingArgs::augment_args(clap::Command::new("missing")),
        "odds" => odds::OddsArgs::augment_args(clap::Command::new("odds")),
        "report" => report::ReportArgs::augment_args(clap::Command::new("report")),
        "diff" => diff::DiffArgs::augment_args(clap::Command::new("diff")),
        _ => return None,
    };
    Some(
        clap::Command::new("quadmist")
            .arg(
                Arg::new("quiet")
                    .long("quiet")
                    .short('q')
                    .global(true)
                    .action(ArgAction::SetTrue)
                    .conflicts_with("verbose"),
            )
            .arg(
                Arg::new("verbose")
                    .long("verbose")
                    .short('v')
                    .global(true)
                    .action(ArgAction::SetTrue),
            )
            .subcommand_required(true)
            .subcommand(sub),
    )
}

/// Parses the arguments. A data command without `--help`/`--version` is parsed against a
/// command tree holding that subcommand only (`command_with_only`); anything else, and any
/// arguments that tree rejects, against the whole tree, so help and error messages are
/// clap's own for the full command line.
pub fn parse_args(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let plain = args
        .iter()
        .skip(1)
        .all(|a| !matches!(a.to_str(), Some("-h" | "--help" | "-V" | "--version" | "help" | "--")));
    let only = args.get(1).and_then(|a| a.to_str()).filter(|_| plain).and_then(command_with_only);
    if let Some(command) = only {
        if let Ok(cli) = command.try_get_matches_from(&args).and_then(|m| Cli::from_arg_matches(&m))
        {
            return Ok(cli);
        }
    }
    // The whole tree, with its help laid out for the terminal (only help and errors need it).
    let mut command = help::command(Cli::command());
    let matches = command.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))
}

/// Runs the command line with the process arguments and returns the exit code.
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `quadmist` alone: a short help; `quadmist FILE`: the file's page in the browser (what a
    // save dropped onto the program starts).
    if args.len() <= 1 {
        return open::no_arguments();
    }
    if let Some(open) = open::parse(&args, is_command) {
        return open::main(&open);
    }
    let cli = match parse_args(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) => {
            if !e.message.is_empty() {
                output::print_error(&e.message);
            }
            ExitCode::from(e.code)
        }
    }
}

/// True when `name` is a subcommand (or clap's `help`), never a file to open.
fn is_command(name: &str) -> bool {
    name == "help" || Cli::command().find_subcommand(name).is_some()
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> CliResult {
    findings::set_verbosity(match (cli.quiet, cli.verbose) {
        (true, _) => findings::Verbosity::Quiet,
        (_, true) => findings::Verbosity::Verbose,
        _ => findings::Verbosity::Normal,
    });
    match cli.command {
        Command::Saves(a) => saves::run(&a),
        Command::Icon(a) => icon::run(&a),
        Command::Cards(a) => cards::run(&a),
        Command::Album(a) => album::run(&a),
        Command::Score(a) => score::run(&a),
        Command::Plan(a) => plan::run(&a),
        Command::Missing(a) => missing::run(&a),
        Command::Odds(a) => odds::run(&a),
        Command::Simulate(a) => simulate::run_simulate(&a),
        Command::Advise(a) => advise::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Completions(a) => completions::run_completions(&a, Cli::command()),
        Command::Man(a) => completions::run_man(&a, Cli::command()),
        Command::Diff(a) => diff::run(&a),
        Command::Watch(a) => watch::run(&a),
        Command::Report(a) => report::run(&a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parse against one subcommand's tree gives what the whole tree gives, and
    /// arguments it rejects fall back to the whole tree's error.
    #[test]
    fn the_one_subcommand_parse_equals_the_full_parse() {
        let lines = [
            "score card.mcr",
            "score card.mcr --save 3 -q",
            "score -v card.mcr:2 --json",
            "cards card.mcr -s 1 --csv",
            "saves card.mcr other.mcr --json",
            "plan card.mcr --discard 5 --target 1700",
            "missing card.mcr:2 --json",
            "album card.mcr -q --save 1",
            "odds 8X35 4P23",
            "odds card.mcr --save 1 --card 2 0P00",
            "report card.mcr --save 1 -o page.html",
            "diff a.mcr b.mcr",
            "icon card.mcr --save 1 -o icon.png",
            "score card.mcr -q -v",
            "score",
            "score card.mcr --no-such-flag",
            "plan card.mcr --discard many",
        ];
        for line in lines {
            let args: Vec<std::ffi::OsString> =
                std::iter::once("quadmist").chain(line.split(' ')).map(Into::into).collect();
            let full = Cli::try_parse_from(&args);
            let fast = command_with_only(line.split(' ').next().unwrap())
                .expect("a data command")
                .try_get_matches_from(&args)
                .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m));
            let parsed = parse_args(args.clone());
            match full {
                Ok(full) => {
                    let full = format!("{full:?}");
                    assert_eq!(format!("{:?}", fast.expect(line)), full, "{line}");
                    assert_eq!(format!("{:?}", parsed.expect(line)), full, "{line}");
                }
                Err(e) => {
                    assert_eq!(parsed.unwrap_err().to_string(), e.to_string(), "{line}");
                }
            }
        }
    }
}
