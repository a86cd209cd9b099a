//! `quadmist play`: follow a real match on a terminal board and get the best move at each turn.
//!
//! The match itself ([`Live`]: what is asked, how an entry changes the match) lives in
//! [`crate::game::live`]; this module reads keys and runs the adviser, [`view`]
//! draws.

use crate::cli::adviser::{model_name, AdviceArgs, HandArgs};
use crate::cli::error::{CliError, CliResult};
use crate::cli::heading;
use crate::game::board::Side;
use crate::game::live::{parse_cell, Ask, Live, MAX_BLOCKS};
use crate::game::notation;
use crate::game::search::Analysis;
use crate::game::search::{system_clock, Goal, Opponent};
use crate::report::header::SaveHeader;
use clap::{Args, ValueEnum};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;
use view::View;

pub mod view;

const AFTER_HELP: &str = "\
Type what the game shows, then Enter:
  their cards
      digits and arrows as shown: 1P23 E+S (commas between several); a name or number first \
narrows the digits to what card creation gives: Goblin:0P00 N (not for a card they won from \
me: it keeps my card's stats)
  blocks
      the blocked cells: A1 C3 (columns A-D, rows 1-4); Enter alone: none
  first
      m if I move first, t if they do
  my move
      card number (hand order) and cell: 2 B3; Enter alone plays the suggested move
  their move
      their card number and cell: 4 C1
  a target
      when I pick which card to attack: its cell, C2; Enter alone takes the suggested one
  a battle
      w if my card won, l if it lost; then the two numbers shown at the start of the battle, \
mine first (they make that stat of their card exact); then e if the winner's type letter \
changed: w 138 53

On an empty line u undoes the last entry and q quits; Esc clears the line. What --theirs, \
--blocks and --first do not give is asked on the board.

Examples:
  My hand from save 3:
      quadmist play --file memcard.mcr:3 --hand 3,7,12,40,41
  Against Wise 1:
      quadmist play --file memcard.mcr:3 --hand 3,7,12,40,41 --wise 1
  Everything given on the command line:
      quadmist play --hand 138/X/53/90@E+S,99/P/40/40@N,70/M/80/20@W+E,60/P/60/60@S,\
50/X/30/30@N+S --theirs 3P21@W,2M12@N,1P11@E,4P20@S,2A22@N+E --blocks A1,C3 --first them \
--budget-ms 500";

/// Who places the first card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FirstArg {
    /// I do.
    Me,
    /// The opponent does.
    Them,
}

/// Arguments of `quadmist play`.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct PlayArgs {
    /// My cards.
    #[command(flatten)]
    pub mine: HandArgs,
    /// The opponent's five cards as shown, comma-separated (else asked): 1P23@E+S,...
    #[arg(long, value_name = "CARDS")]
    pub theirs: Option<String>,
    /// The blocked cells (else asked): A1,C3, or - for none.
    #[arg(long, value_name = "CELLS")]
    pub blocks: Option<String>,
    /// Who moves first, `me` or `them` (else asked).
    #[arg(long, value_enum, hide_possible_values = true)]
    pub first: Option<FirstArg>,
    /// The adviser's options.
    #[command(flatten)]
    pub advice: AdviceArgs,
}

/// The running board: the match, the line being typed, the last message.
struct App {
    /// The save my cards come from, by its one header on one line.
    save: Option<String>,
    live: Live,
    input: String,
    message: Option<(String, bool)>,
    opponent: Opponent,
    goal: Goal,
    budget: Duration,
    /// Bumped at every change of the match; `advised` is the value advice was computed for,
    /// `searching` the one the adviser was last started for, with the flag that stops it.
    version: u64,
    advised: Option<u64>,
    searching: Option<(u64, Arc<AtomicBool>)>,
    /// Placements searched ahead at the last placement analysis (for target picks).
    depth: u32,
    colour: bool,
}

/// What a key did.
#[derive(Debug, PartialEq, Eq)]
enum Key {
    Continue,
    Quit,
}

fn parse_blocks_arg(text: &str) -> Result<u16, CliError> {
    let t = text.trim();
    if t == "-" || t.is_empty() {
        return Ok(0);
    }
    let mut m = 0u16;
    for w in t.split([',', ' ']).filter(|w| !w.is_empty()) {
        m |= 1 << parse_cell(w).map_err(|e| CliError::usage(format!("--blocks: {e}")))?;
    }
    if m.count_ones() > MAX_BLOCKS {
        return Err(CliError::usage(format!(
            "--blocks: the game blocks at most {MAX_BLOCKS} cells"
        )));
    }
    Ok(m)
}

/// The match as set up from the command line; usage errors before the terminal is touched.
fn setup(args: &PlayArgs) -> Result<(Live, Option<SaveHeader>), CliError> {
    let hand = args.mine.cards()?.ok_or_else(|| {
        CliError::usage(
            "play needs my five cards: --file FILE[:S] --hand SLOTS, or --hand CARDS \
             (see quadmist play --help)",
        )
    })?;
    let theirs = match &args.theirs {
        Some(t) => notation::parse_their_hand(t, "--theirs").map_err(CliError::usage)?,
        None => Vec::new(),
    };
    let blocks = args.blocks.as_deref().map(parse_blocks_arg).transpose()?;
    let first = args.first.map(|f| match f {
        FirstArg::Me => Side::Player,
        FirstArg::Them => Side::Npc,
    });
    let live = Live::new(hand.cards, theirs, blocks, first).map_err(CliError::usage)?;
    Ok((live, hand.save))
}

/// Colour on a terminal unless NO_COLOR is set (to anything but the empty string).
fn colour_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Runs `quadmist play`.
pub fn run(args: &PlayArgs) -> CliResult {
    let (live, save) = setup(args)?;
    let goal = args.advice.goal()?;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(CliError::usage(
            "quadmist play draws a board on a terminal and reads keys from it: run it in a \
             terminal, with neither input nor output redirected (for a position given as text, \
             use quadmist advise)",
        ));
    }
    let mut app = App {
        save: save.map(|h| heading::one_line(&h, view::SIZE.0.into())),
        live,
        input: String::new(),
        message: None,
        opponent: args.advice.opponent(),
        goal,
        budget: args.advice.budget(),
        version: 0,
        advised: None,
        searching: None,
        depth: 1,
        colour: colour_wanted(),
    };
    let mut terminal = ratatui::try_init()
        .map_err(|e| CliError::unusable(format!("cannot set up the terminal: {e}")))?;
    let result = app.run(&mut terminal);
    ratatui::restore();
    result.map_err(|e| CliError::unusable(format!("terminal error: {e}")))
}

impl App {
    fn view(&self, thinking: bool) -> View<'_> {
        View {
            save: self.save.as_deref(),
            live: &self.live,
            input: &self.input,
            message: self.message.as_ref().map(|(m, e)| (m.as_str(), *e)),
            model: model_name(self.opponent),
            opponent: self.opponent,
            goal: self.goal,
            thinking,
            colour: self.colour,
        }
    }

    /// The key loop. The adviser runs on a thread of its own, so keys are read (and `q` works)
    /// while it thinks. When the position changes, a search still running is stopped, and an
    /// answer for an earlier position is dropped.
    fn run(&mut self, terminal: &mut ratatui::DefaultTerminal) -> std::io::Result<()> {
        let (tx, rx) = mpsc::channel::<(u64, Option<Analysis>)>();
        loop {
            if let Some((version, stop)) = &self.searching {
                if *version != self.version {
                    stop.store(true, Ordering::Relaxed);
                    self.searching = None;
                }
            }
            if self.needs_advice() && self.searching.is_none() {
                let stop = Arc::new(AtomicBool::new(false));
                self.searching = Some((self.version, Arc::clone(&stop)));
                let live = self.live.clone();
                let (opp, goal, budget, depth) =
                    (self.opponent, self.goal, self.budget, self.depth);
                let (tx, version) = (tx.clone(), self.version);
                std::thread::spawn(move || {
                    let _ = tx.send((
                        version,
                        live.analyse(opp, goal, budget, depth, Some(stop), system_clock),
                    ));
                });
            }
            while let Ok((version, a)) = rx.try_recv() {
                self.advised_with(version, a);
            }
            let thinking = self.needs_advice();
            terminal.draw(|f| view::draw(f, &self.view(thinking)))?;
            if !event::poll(Duration::from_millis(50))? {
                continue;
            }
            if let Event::Key(k) = event::read()? {
                if k.kind != KeyEventKind::Release && self.key(k) == Key::Quit {
                    return Ok(());
                }
            }
        }
    }

    fn needs_advice(&self) -> bool {
        self.advised != Some(self.version)
            && matches!(self.live.ask(), Ask::Place(Side::Player) | Ask::Target { .. })
    }

    /// Keeps the adviser's answer when it is for the position shown now.
    fn advised_with(&mut self, version: u64, a: Option<Analysis>) {
        if version != self.version {
            return;
        }
        self.advised = Some(version);
        if let Some(a) = a {
            if matches!(self.live.ask(), Ask::Place(_)) {
                self.depth = a.depth;
            }
            self.live.set_advice(a);
        }
    }

    fn key(&mut self, k: KeyEvent) -> Key {
        if k.modifiers.contains(KeyModifiers::CONTROL) {
            return match k.code {
                KeyCode::Char('c') | KeyCode::Char('d') => Key::Quit,
                _ => Key::Continue,
            };
        }
        match k.code {
            KeyCode::Char('q') if self.input.is_empty() => return Key::Quit,
            KeyCode::Char('u') if self.input.is_empty() => {
                self.message = Some(if self.live.undo() {
                    self.version += 1;
                    ("Undone.".into(), false)
                } else {
                    ("Nothing to undo.".into(), true)
                });
            }
            KeyCode::Char(c) if self.input.chars().count() < 120 && !c.is_control() => {
                self.input.push(c);
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Esc => self.input.clear(),
            KeyCode::Enter => self.enter(),
            _ => {}
        }
        Key::Continue
    }

    fn enter(&mut self) {
        if self.input.trim().is_empty() && self.needs_advice() {
            let m = "The adviser is still thinking: wait for its move, or type one.";
            self.message = Some((m.into(), true));
            return;
        }
        let before = self.live.log().len();
        match self.live.enter(&self.input) {
            Ok(()) => {
                self.input.clear();
                self.version += 1;
                let new: Vec<&String> =
                    self.live.log()[before.min(self.live.log().len())..].iter().collect();
                self.message = new.last().map(|m| (m.to_string(), false));
            }
            Err(m) => self.message = Some((m.to_string(), true)),
        }
    }
}
