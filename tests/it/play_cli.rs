//! `quadmist advise --file` and `quadmist play` end to end: my cards come exact from a fixture
//! save; the figures are checked against the library's search run here on the decoded cards.

use super::shared::quadmist;
use quadmist::ff9;
use quadmist::game::card::GameCard;
use quadmist::game::notation;
use quadmist::game::search::{Goal, Opponent, Searcher};
use std::time::Duration;

const FIXTURE: &str = "fixtures/ff9-three-saves.mcr";
/// Five slots of save 3 of the fixture (18 cards), in hand order.
const SLOTS: [u16; 5] = [2, 9, 11, 13, 16];

/// My five cards, decoded here from the fixture (not through the command line).
fn my_cards() -> [GameCard; 5] {
    let bytes = std::fs::read(FIXTURE).unwrap();
    let set = ff9::open(&bytes, Some("ff9-three-saves.mcr"), &|_| None).unwrap();
    let save = set.saves.iter().find(|s| s.selector == "3").unwrap();
    let c = save.collection().unwrap();
    SLOTS.map(|s| GameCard::from_record(c.card(s).unwrap()))
}

/// Four cards left: my cards 4 and 5, their cards 4 and 5 (digits: bands), me to move.
const BOARD: &str = "aF../.b.G/c..H/....";
const THEIRS: &str = "3P21@W,2M12@S+W,1P11@N,4X20@E+W+N,3P30@SW";

#[test]
fn advise_takes_my_cards_exact_from_a_save() {
    let position = format!("{BOARD};*;{THEIRS}");
    let hand = SLOTS.map(|s| s.to_string()).join(",");
    let save = format!("{FIXTURE}:3");
    for (opp, model) in [("game", Opponent::Game(3)), ("worst", Opponent::Worst)] {
        let (out, err, code) = quadmist(&[
            "advise",
            &position,
            "--file",
            &save,
            "--hand",
            &hand,
            "--json",
            "--opponent",
            opp,
            "--top",
            "40",
            "--budget-ms",
            crate::game_cli::SOLVE_MS,
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        // My cards in the position are the save's, exact: id, raw stats, type, arrows.
        let mine = my_cards();
        let pos = v["position"].as_str().unwrap();
        let section = pos.split(';').nth(1).unwrap();
        let expected: Vec<String> = mine
            .iter()
            .map(|c| {
                format!(
                    "{}:{}/{}/{}/{}@{}",
                    u32::from(c.id.unwrap()) + 1,
                    c.atk.lo,
                    c.card_type.letter(),
                    c.pdef.lo,
                    c.mdef.lo,
                    notation::arrows_text(c.arrows)
                )
            })
            .collect();
        assert_eq!(section, expected.join(","));
        assert!(mine.iter().all(GameCard::is_exact));
        // The search, called here on the same cards, deepening to the end of the match as the
        // command does (draw and cards are those of one line that is best for the goal, so
        // they follow the same tie-breaks only on the same iterations).
        let p = notation::parse(&format!("{BOARD};*;{THEIRS}"), Some(mine)).unwrap();
        let mut s = Searcher::new(&p.cards, model, Goal::Win, 20);
        let a = s.analyse(&p.board, Some(Duration::from_secs(600)));
        assert!(a.exact);
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), a.moves.len(), "2 cards of mine × 10 free cells");
        // Every listed move has the library's figures for that move, and the first is the best.
        let best = a.moves.iter().map(|m| m.value.win).fold(0.0, f64::max);
        assert!((moves[0]["win"].as_f64().unwrap() - best).abs() < 1e-9, "{opp}");
        for mv in moves {
            let slot = mv["hand_position"].as_u64().unwrap() as u8 - 1;
            let name = mv["cell"].as_str().unwrap();
            let lib = a
                .moves
                .iter()
                .find(|m| m.slot == slot && notation::cell_name(m.cell) == name)
                .unwrap()
                .value;
            for (k, want) in [("win", lib.win), ("draw", lib.draw), ("cards", lib.cards)] {
                let got = mv[k].as_f64().unwrap();
                assert!((got - want).abs() < 1e-9, "{opp} {name} {k}: {got} vs {want}");
            }
        }
        // Their cards are known by digits: the figures are labelled as estimates.
        assert_eq!(v["exact"], false);
    }
}

/// A tmux server of this test's own (its own socket in a temporary folder), killed when
/// dropped; the folder and the socket go with it.
pub(crate) struct Tmux {
    dir: tempfile::TempDir,
}

impl Tmux {
    /// Runs `command` in a new 80×24 session.
    pub(crate) fn start(command: &str) -> Tmux {
        crate::harness::uses(crate::harness::Need::Tmux);
        let t = Tmux { dir: tempfile::tempdir().unwrap() };
        let status = t
            .cmd()
            .args(["new-session", "-d", "-x", "80", "-y", "24", "-s", "play", command])
            .status()
            .unwrap_or_else(|e| panic!("tmux could not be started: {e}"));
        assert!(status.success(), "tmux new-session failed");
        t
    }

    fn cmd(&self) -> std::process::Command {
        let mut c = std::process::Command::new("tmux");
        c.arg("-S").arg(self.dir.path().join("socket"));
        c
    }

    /// The screen as text (`escapes`: with colour and attribute escape sequences).
    pub(crate) fn screen(&self, escapes: bool) -> String {
        let mut c = self.cmd();
        c.args(["capture-pane", "-p", "-t", "play"]);
        if escapes {
            c.arg("-e");
        }
        String::from_utf8_lossy(&c.output().unwrap().stdout).into_owned()
    }

    /// Types a line and Enter.
    fn line(&self, text: &str) {
        if !text.is_empty() {
            let ok = self.cmd().args(["send-keys", "-t", "play", "-l", text]).status().unwrap();
            assert!(ok.success());
        }
        let ok = self.cmd().args(["send-keys", "-t", "play", "Enter"]).status().unwrap();
        assert!(ok.success());
    }

    fn key(&self, key: &str) {
        assert!(self.cmd().args(["send-keys", "-t", "play", key]).status().unwrap().success());
    }

    /// Polls the screen until `done` holds (60 s at most: the adviser runs in a debug build).
    pub(crate) fn wait(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        self.wait_within(60, what, done)
    }

    fn wait_within(&self, seconds: u64, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = std::time::Instant::now();
        loop {
            let s = self.screen(false);
            if done(&s) {
                return s;
            }
            if start.elapsed() > Duration::from_secs(seconds) {
                panic!("waited {seconds} s for {what}; the screen shows:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd().arg("kill-server").status();
    }
}

/// Their five cards as typed on the board: digits and arrows.
const TYPED_THEIRS: [&str; 5] = ["1P23 E+SW", "2M12 W", "1P11 N", "4X20 E+W+N", "3P30 SW"];

/// The match of the tmux test, replayed on the engine: I move first, D4 is blocked.
fn expected_position() -> (quadmist::game::engine::Match, [GameCard; 10]) {
    use quadmist::game::card::Span;
    use quadmist::game::engine::Match;
    let mine = my_cards();
    let mut cards = [mine[0]; 10];
    cards[..5].copy_from_slice(&mine);
    for (k, t) in TYPED_THEIRS.iter().enumerate() {
        cards[5 + k] = notation::parse_card(&t.replace(' ', "@")).unwrap();
    }
    let cell = |n: &str| (0..16u8).find(|&c| notation::cell_name(c) == n).unwrap();
    let mut m = Match::new(cards, 1 << cell("D4"), quadmist::game::board::Side::Player);
    m.place(3, cell("A1")).unwrap(); // my 2M10
    m.place(5, cell("C2")).unwrap(); // their 1P23 (E, SW)
    m.place(1, cell("B3")).unwrap(); // my 3P20 (NE, SW) faces it: a battle
    m.fight(5, false, false).unwrap(); // mine lost
    m.cards[5].pdef = Span::exact(33); // the number shown for their card
    m.place(6, cell("D1")).unwrap();
    m.place(4, cell("A2")).unwrap();
    m.place(7, cell("C4")).unwrap();
    let mut now = m.cards;
    for (c, t) in now.iter_mut().zip(m.types) {
        c.card_type = t;
    }
    (m, now)
}

#[test(needs = Tmux)]
fn play_on_a_terminal_through_tmux() {
    let bin = env!("CARGO_BIN_EXE_quadmist");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    let hand = SLOTS.map(|s| s.to_string()).join(",");
    let command = format!(
        "env NO_COLOR=1 '{bin}' play --file '{}:3' --hand {hand} --budget-ms 1500; \
         echo \"EXIT=$?\"; sleep 60",
        fixture.display()
    );
    // Budget enough for the positions compared below (4 and 2 cards left: solved to the end
    // in milliseconds, even unoptimised on a loaded machine); the early ones, which no budget
    // solves, spend all of it, so it is kept short.
    let t = Tmux::start(&command);
    t.wait("the first question", |s| s.contains("Their card 1 of 5"));
    // The set-up: their five cards (two on one line), a block, who moves first.
    t.line(TYPED_THEIRS[0]);
    t.line(&format!("{}, {}", TYPED_THEIRS[1], TYPED_THEIRS[2]));
    t.line(TYPED_THEIRS[3]);
    t.line(TYPED_THEIRS[4]);
    t.wait("the blocks question", |s| s.contains("Blocked cells"));
    t.line("D4");
    t.line("m");
    t.wait("my first move", |s| s.contains("My move") && s.contains("Best: card"));
    // A wrong entry gives a message, not a crash.
    t.line("9 Z9");
    t.wait("a message", |s| s.contains("not a move"));
    t.key("Escape");
    t.wait("the line cleared", |s| s.lines().any(|l| l.trim_end() == ">"));
    t.line("4 A1");
    t.wait("their move", |s| s.contains("Their move"));
    t.line("1 C2");
    t.wait("my second move", |s| s.contains("My move") && s.contains("Best: card"));
    t.line("2 B3");
    let s = t.wait("the battle", |s| s.contains("Battle result"));
    assert!(s.contains("Battle: my 3P20 on B3 attacks their 1P23 on C2"), "{s}");
    // My attack 52 against their physical defence, shown as 33: I lost.
    t.line("l 52 33");
    t.wait("their move", |s| s.contains("Their move"));
    t.line("2 D1");
    t.wait("my third move", |s| s.contains("My move") && s.contains("Best: card"));
    t.line("5 A2");
    t.wait("their move", |s| s.contains("Their move"));
    t.line("3 C4");
    let s = t.wait("exact advice", |s| s.contains("My move") && s.contains("Best: card"));
    // The number shown made their card 1's physical defence exact.
    assert!(s.contains("pdef 33"), "{s}");
    assert!(s.contains("me 2, them 4"), "{s}");
    // The advice equals the library's search of the same position, run here as the companion
    // runs it (its three best moves ranked; a budget it finishes within): the same best move,
    // the same figures (their card 2 is still known by its digits, so these are the mean over
    // draws of its stats, the same draws for the same position).
    let (m, cards) = expected_position();
    let mut search = Searcher::new(&cards, Opponent::Game(3), Goal::Win, 20);
    search.set_top(quadmist::game::live::ADVISED_MOVES);
    let a = search.analyse(&m.board, Some(Duration::from_secs(600)));
    assert!(a.exact);
    let shown = s.lines().find(|l| l.contains("Best: card")).unwrap();
    let mv = a.moves[0];
    let best = format!(
        "Best: card {} ({}) to {}",
        mv.slot + 1,
        cards[mv.slot as usize].digits(),
        notation::cell_name(mv.cell)
    );
    assert!(shown.contains(&best), "{shown}: not the library's {best}");
    let v = mv.value;
    let figures = format!(
        "win {:.1}%  draw {:.1}%  loss {:.1}%  expected cards {:+.2}",
        100.0 * v.win,
        100.0 * v.draw,
        100.0 * v.loss(),
        v.cards
    );
    assert!(s.contains(&figures), "expected {figures} on\n{s}");
    assert!(
        s.contains("Estimates: a mean over up to 32 draws of hidden stats that fit the match."),
        "{s}"
    );
    // Every line fits the 80 columns of the terminal, and NO_COLOR means no colour.
    let coloured = t.screen(true);
    for sgr in ["\u{1b}[3", "\u{1b}[9", "\u{1b}[1m", "\u{1b}[2m"] {
        assert!(!coloured.contains(sgr), "{sgr:?} with NO_COLOR: {coloured:?}");
    }
    // My card 3 (2P21, atk 45) attacks their card 1, whose pdef is now exact (33):
    // P(45 beats 33) = 1 - 34/90 (tetra-master-match §2.4), no longer a mean over 32..47.
    t.line("3 D2");
    let s = t.wait("the battle", |s| s.contains("Battle result"));
    let p = 1.0 - 34.0 / 90.0;
    let chance = format!("My card's chance to win it: {:.1}%", 100.0 * p);
    assert!(s.contains(&chance) && !s.contains("estimate: the mean"), "{chance} on\n{s}");
    t.line("w");
    t.wait("their move", |s| s.contains("Their move"));
    t.line("4 B4");
    // Enter alone plays the suggested move (two cards left: mine 1, theirs 5).
    let s = t.wait("my last move", |s| s.contains("My move") && s.contains("Best: card 1"));
    let shown = s.lines().find(|l| l.contains("Best: card 1")).unwrap();
    let cell = shown.split(" to ").nth(1).unwrap()[..2].to_string();
    t.line("");
    // The line goes on with what changed side, if anything did.
    t.wait("the suggested move played", |s| s.contains(&format!("I put card 1 (2M11) on {cell}")));
    t.key("q");
    t.wait("the exit", |s| s.contains("EXIT=0"));
}

#[test(needs = Tmux)]
fn play_uses_colour_on_a_terminal_without_no_color() {
    let bin = env!("CARGO_BIN_EXE_quadmist");
    let command = format!(
        "env -u NO_COLOR '{bin}' play --hand 60/P/40/30@E+S,70/M/50/60@N+W,55/X/45/35@E,\
         80/P/20/70@N+E+S+W,65/M/65/65@NE+SW --theirs 3P21@W,2M12@N,1P11@E,4P20@S,2A22@N+E \
         --blocks - --first them --budget-ms 200; echo \"EXIT=$?\"; sleep 60"
    );
    let t = Tmux::start(&command);
    t.wait("their first move", |s| s.contains("Their move"));
    // The game AI's likeliest move is shown while waiting for theirs.
    assert!(t.screen(false).contains("Most likely for the game's AI: their card"));
    t.line("1 B2");
    t.wait("my move", |s| s.contains("My move") && s.contains("Best: card"));
    let coloured = t.screen(true);
    assert!(coloured.contains("\u{1b}[9") || coloured.contains("\u{1b}[3"), "{coloured:?}");
    t.key("q");
    t.wait("the exit", |s| s.contains("EXIT=0"));
}

/// `--save` means in `advise` what it means everywhere: the save of the file (here `--file`).
/// The advice an error gives is followed as given: the saves it offers are `FILE:S`, and
/// `--save S` works too. (Once, `advise` took `--save FILE:S` and its error advised
/// `--save 1`, which then failed with "cannot open 1".)
#[test]
fn advise_offers_saves_that_work_when_typed() {
    let position = format!("{BOARD};*;{THEIRS}");
    let hand = SLOTS.map(|s| s.to_string()).join(",");
    let base = ["advise", &position, "--hand", &hand, "--budget-ms", "50", "--json"];
    let (_, err, code) = quadmist(&[&base[..], &["--file", FIXTURE]].concat());
    assert_eq!(code, 2, "{err}");
    let words = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("choose one as FILE:S (or with --save S)"), "{err}");
    assert!(words.contains(&format!("{FIXTURE}:3 Zidane Lv 11, disc 1, Dali, 5:12:09")), "{err}");
    for typed in [&["--file", &format!("{FIXTURE}:3")][..], &["--file", FIXTURE, "--save", "3"]] {
        let (_, err, code) = quadmist(&[&base[..], typed].concat());
        assert_eq!(code, 0, "{typed:?}: {err}");
    }
    let (_, err, code) =
        quadmist(&[&base[..], &["--file", &format!("{FIXTURE}:3"), "--save", "2"]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the save is named twice"), "{err}");
}

#[test]
fn play_needs_a_terminal_and_my_cards() {
    let fixture_hand = ["--file", "fixtures/ff9-three-saves.mcr:3", "--hand", "2,9,11,13,16"];
    // Standard input and output are pipes here: exit 2 with the reason.
    let (_, err, code) = quadmist(&[&["play"], &fixture_hand[..]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("terminal"), "{err}");
    // Usage errors come first, whatever the terminal.
    for bad in [
        vec!["play"],
        vec!["play", "--hand", "1P11@N"],
        [&["play"], &fixture_hand[..], &["--theirs", "1P2@N"]].concat(),
        [&["play"], &fixture_hand[..], &["--blocks", "A1,B1,C1,D1,A2,B2,C2"]].concat(),
        [&["play"], &fixture_hand[..], &["--blocks", "E9"]].concat(),
        vec!["play", "--file", "fixtures/ff9-three-saves.mcr:3", "--hand", "2,9,11"],
        // The save named twice, and --save without the file it is a save of.
        [&["play"], &fixture_hand[..], &["--save", "2"]].concat(),
        vec!["play", "--save", "3", "--hand", "2,9,11,13,16"],
    ] {
        let (_, err, code) = quadmist(&bad);
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert!(!err.contains("terminal"), "{bad:?}: {err}");
    }
    // An opponent card no opponent holds: refused with the reason, before the terminal.
    let theirs = ["--theirs", "FP99@N,0P00@N,0P00@N,0P00@N,0P00@N"];
    let (_, err, code) = quadmist(&[&["play"], &fixture_hand[..], &theirs[..]].concat());
    let words = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(code, 2, "{err}");
    assert!(words.contains("--theirs: no card can show FP99: only Hades,"), "{err}");
}

#[test]
fn play_help_has_examples() {
    let (out, _, code) = quadmist(&["play", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples:\n  My hand from save 3:\n      quadmist play --file"), "{out}");
    let out = crate::shared::words(out.as_bytes());
    assert!(out.contains("w 138 53"), "{out}");
}

/// The board drawn into an 80×24 test terminal (ratatui's TestBackend) at my move, with a given
/// analysis: the layout as a snapshot, colour only when allowed.
mod drawing {
    use quadmist::cli::command::play::view::{draw, View};
    use quadmist::game::board::{Side, EMPTY};
    use quadmist::game::engine::{prize, Outcome, Prize};
    use quadmist::game::live::{Ask, Live};
    use quadmist::game::notation;
    use quadmist::game::search::{Analysis, Goal, MoveValue, Opponent, Value};
    use ratatui::backend::TestBackend;
    use ratatui::buffer::Buffer;
    use ratatui::style::{Color, Modifier};
    use ratatui::Terminal;

    fn live() -> Live {
        let mine = notation::parse_hand(
            "60/P/40/30@E+S,70/M/50/60@N+W,55/X/45/35@E,80/P/20/70@N+E+S+W,65/M/65/65@NE+SW",
            "mine",
        )
        .unwrap();
        let theirs =
            notation::parse_hand("3P21@W,2M12@N,1P11@E,4P20@S,Goblin:0A00@N+E", "theirs").unwrap();
        let mut l =
            Live::new([mine[0], mine[1], mine[2], mine[3], mine[4]], theirs, None, None).unwrap();
        for line in ["A1 D3", "t", "3 B2", "4 C2", "w", "2 C3", "l 70 37"] {
            let ask = l.ask();
            l.enter(line).unwrap_or_else(|e| panic!("{line} at {ask:?}: {e}"));
        }
        let value = Value { objective: 0.625, win: 0.625, draw: 0.125, cards: 0.5, keep: 1.0 };
        let mv = |slot, cell| MoveValue { slot, cell, value, first_target: None };
        l.set_advice(Analysis {
            moves: vec![mv(0, 1), mv(4, 2), mv(4, 12)],
            depth: 3,
            exact: false,
            nodes: 1,
        });
        l
    }

    fn render(l: &Live, colour: bool, size: (u16, u16)) -> Buffer {
        render_goal(l, colour, size, Goal::Win)
    }

    fn render_goal(l: &Live, colour: bool, size: (u16, u16), goal: Goal) -> Buffer {
        let mut t = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        let v = View {
            save: None,
            live: l,
            input: "1 B",
            message: Some(("Their 2M12 beat my 5P14: 2 cards changed side.", false)),
            model: "the game's AI at Wise 3".into(),
            opponent: Opponent::Game(3),
            goal,
            thinking: false,
            colour,
        };
        t.draw(|f| draw(f, &v)).unwrap();
        t.backend().buffer().clone()
    }

    fn text(b: &Buffer) -> String {
        let w = b.area.width as usize;
        let cells: Vec<&str> = b.content.iter().map(|c| c.symbol()).collect();
        cells
            .chunks(w)
            .map(|row| row.concat().trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_board_fits_80_by_24() {
        let l = live();
        assert_eq!(l.ask(), Ask::Place(Side::Player));
        let plain = render(&l, false, (80, 24));
        insta::assert_snapshot!("play_board_80x24", text(&plain));
        // Without colour no cell has a colour or an attribute; with it, the sides are coloured.
        assert!(plain
            .content
            .iter()
            .all(|c| c.fg == Color::Reset && c.modifier == Modifier::empty()));
        let coloured = render(&l, true, (80, 24));
        assert!(coloured.content.iter().any(|c| c.fg == Color::LightRed));
        assert!(coloured.content.iter().any(|c| c.fg == Color::LightBlue));
        assert_eq!(text(&coloured), text(&plain));
        // With --goal keep, the chance to keep that card is shown too.
        let keep = text(&render_goal(&l, false, (80, 24), Goal::Keep(1)));
        assert!(keep.contains("expected cards +0.50  card 2 kept 100.0%"), "{keep}");
        // Played to the end (first card of the hand on the first free cell, every battle won by
        // my card): the result and the prize as the engine states them.
        let mut l = l;
        loop {
            let line = match l.ask() {
                Ask::Place(side) => {
                    let g = l.game().unwrap();
                    let slot = (0..10u8).find(|s| g.board.hand(side) & (1 << s) != 0).unwrap();
                    let cell = (0..16u8).find(|&c| g.board.cells[c as usize] == EMPTY).unwrap();
                    format!("{} {}", slot % 5 + 1, notation::cell_name(cell))
                }
                Ask::Target { targets, .. } => {
                    let g = l.game().unwrap();
                    let cell = g.board.cells.iter().position(|&c| c == targets[0]).unwrap();
                    notation::cell_name(cell as u8)
                }
                Ask::Battle { .. } => "w".to_string(),
                Ask::Over(_) => break,
                other => panic!("{other:?}"),
            };
            l.enter(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        let end = text(&render(&l, false, (80, 24)));
        let g = l.game().unwrap();
        let r = g.result().unwrap();
        let (me, them) = g.board.score();
        assert_eq!((r.player, r.npc), (me, them));
        let head = match r.outcome {
            Outcome::Win => format!("I won, {me} to {them}"),
            Outcome::Loss => format!("I lost, {me} to {them}"),
            Outcome::Draw => "A draw, 5 to 5".to_string(),
        };
        assert!(end.contains(&head), "{head} on\n{end}");
        match prize(&g.board) {
            Prize::PlayerPicks(s) => {
                for x in s {
                    let c = format!("{} ({})", x - 4, g.cards[x as usize].digits());
                    assert!(end.contains(&c), "{c} on\n{end}");
                }
            }
            Prize::NpcTakes(x) => {
                let c = format!("They take my card {} ({})", x + 1, g.cards[x as usize].digits());
                assert!(end.contains(&c), "{c} on\n{end}");
            }
            other => panic!("a normal win is expected here, not {other:?}"),
        }
        assert!(end.contains("The match is over"), "{end}");
        // A smaller terminal is told what is needed.
        let small = text(&render(&live(), false, (60, 20)));
        assert!(small.contains("80 columns and 24"), "{small}");
    }
}

#[test(needs = Tmux)]
fn q_quits_while_the_adviser_thinks() {
    let bin = env!("CARGO_BIN_EXE_quadmist");
    // Ten minutes of search per move: only a board that reads keys meanwhile quits at once.
    let command = format!(
        "env NO_COLOR=1 '{bin}' play --hand 60/P/40/30@E+S,70/M/50/60@N+W,55/X/45/35@E,\
         80/P/20/70@N+E+S+W,65/M/65/65@NE+SW --theirs 3P21@W,2M12@N,1P11@E,4P20@S,2A22@N+E \
         --blocks - --first me --budget-ms 600000; echo \"EXIT=$?\"; sleep 60"
    );
    let t = Tmux::start(&command);
    t.wait("the adviser thinking", |s| s.contains("Thinking..."));
    // Enter alone has no move to take yet: a message, the board stays.
    t.line("");
    t.wait("the message", |s| s.contains("still thinking"));
    t.key("q");
    t.wait_within(20, "the exit", |s| s.contains("EXIT=0"));
}
