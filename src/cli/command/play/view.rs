//! The board of `quadmist play`, drawn with ratatui in 80×24: the 4×4 board, both hands, the
//! adviser's best move and its chances, the question asked, the line typed and the keys.
//! Without colour (NO_COLOR) every mark is still a letter: `b` my side, `r` theirs.

use crate::cli::text::{arrows_line, count};
use crate::game::board::{Side, BLOCK, EMPTY};
use crate::game::card::GameCard;
use crate::game::live::{Ask, Live, ADVISED_MOVES};
use crate::game::notation::{self, cell_name};
use crate::game::search::{Analysis, Goal, Opponent};
use crate::model::catalogue;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// What the board shows.
pub struct View<'a> {
    /// The save my cards come from, by its one header, on one line; `None` for cards typed.
    pub save: Option<&'a str>,
    /// The match.
    pub live: &'a Live,
    /// The line being typed.
    pub input: &'a str,
    /// The last message, and whether it is an error.
    pub message: Option<(&'a str, bool)>,
    /// The opponent model in words.
    pub model: String,
    /// The opponent model.
    pub opponent: Opponent,
    /// What the adviser optimises.
    pub goal: Goal,
    /// The adviser is running.
    pub thinking: bool,
    /// Colours allowed.
    pub colour: bool,
}

impl View<'_> {
    fn style(&self, s: Style) -> Style {
        if self.colour {
            s
        } else {
            Style::default()
        }
    }

    fn side_style(&self, side: Side) -> Style {
        self.style(Style::default().fg(match side {
            Side::Player => Color::LightBlue,
            Side::Npc => Color::LightRed,
        }))
    }
}

/// The smallest screen the board fits.
pub const SIZE: (u16, u16) = (80, 24);

/// Draws the whole screen.
pub fn draw(f: &mut Frame, v: &View) {
    let area = f.area();
    if area.width < SIZE.0 || area.height < SIZE.1 {
        let text = format!(
            "The board needs a terminal of {} columns and {} lines; this one has {} and {}. \
             Enlarge it, or press q to quit.",
            SIZE.0, SIZE.1, area.width, area.height
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let area = Rect { width: SIZE.0, height: SIZE.1, ..area };
    let rows = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(12),
        Constraint::Length(6),
        Constraint::Length(2),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .split(area);
    f.render_widget(Paragraph::new(title(v)), rows[0]);
    let main = Layout::horizontal([Constraint::Length(41), Constraint::Min(20)]).split(rows[1]);
    let board = Rect { height: 11, ..main[0] };
    draw_board(f, v, board);
    f.render_widget(Paragraph::new(hands(v)), inset(main[1]));
    draw_advice(f, v, rows[2]);
    let question = Paragraph::new(question(v.live)).wrap(Wrap { trim: true });
    f.render_widget(question, rows[3]);
    let prompt = format!("> {}", v.input);
    let shown = tail(&prompt, rows[4].width.saturating_sub(1) as usize);
    f.render_widget(Paragraph::new(shown.clone()), rows[4]);
    let x = rows[4].x + shown.chars().count() as u16;
    f.set_cursor_position(Position { x: x.min(rows[4].right().saturating_sub(1)), y: rows[4].y });
    if let Some((m, error)) = v.message {
        let style =
            if error { v.style(Style::default().fg(Color::LightRed)) } else { Style::default() };
        f.render_widget(
            Paragraph::new(Span::styled(m.to_string(), style)).wrap(Wrap { trim: true }),
            rows[5],
        );
    }
    let help = "Enter: confirm   Esc: clear the line   u: undo   q: quit";
    f.render_widget(
        Paragraph::new(Span::styled(help, v.style(Style::default().add_modifier(Modifier::DIM)))),
        rows[6],
    );
}

/// The right part of a string that fits `width` characters.
fn tail(s: &str, width: usize) -> String {
    let n = s.chars().count();
    s.chars().skip(n.saturating_sub(width)).collect()
}

fn inset(r: Rect) -> Rect {
    Rect { x: r.x + 1, width: r.width.saturating_sub(1), ..r }
}

/// The first line: the save my cards come from, named as every command names a save, or the
/// command's name for cards typed.
fn title(v: &View) -> Line<'static> {
    Line::from(v.save.unwrap_or("quadmist play").to_string())
}

/// The board's title: the score and the cards left, or that the match is being set up.
fn score(v: &View) -> String {
    match v.live.game() {
        Some(g) => {
            let (me, them) = g.board.score();
            let left = count(g.board.cards_left(), "card");
            format!(" me {me}, them {them} · {left} to place ")
        }
        None => " setting up the match ".to_string(),
    }
}

/// One cell: two lines of 9 characters.
fn cell_lines(v: &View, cell: u8) -> [Span<'static>; 2] {
    let Some(g) = v.live.game() else {
        return [Span::raw("    .    "), Span::raw("         ")];
    };
    match g.board.cells[cell as usize] {
        EMPTY => [Span::raw("    .    "), Span::raw("         ")],
        BLOCK => [Span::raw(" ####### "), Span::raw(" ####### ")],
        s => {
            let side = g.board.side(s);
            let mark = if side == Side::Npc { 'r' } else { 'b' };
            let mut c = g.cards[s as usize];
            c.card_type = g.types[s as usize];
            let style = v.side_style(side);
            [
                Span::styled(format!(" {} {mark}  ", c.digits()), style),
                Span::styled(format!(" {}", arrows_line(c.arrows)), style),
            ]
        }
    }
}

fn draw_board(f: &mut Frame, v: &View, area: Rect) {
    let mut lines = vec![Line::from("      A        B        C        D")];
    for row in 0..4u8 {
        let mut top = vec![Span::raw(format!("{} ", row + 1))];
        let mut bottom = vec![Span::raw("  ")];
        for col in 0..4u8 {
            let [a, b] = cell_lines(v, col + 4 * row);
            top.push(a);
            bottom.push(b);
        }
        lines.push(Line::from(top));
        lines.push(Line::from(bottom));
    }
    let legend = Line::from(vec![
        Span::raw(" "),
        Span::styled("b", v.side_style(Side::Player)),
        Span::raw(": my side, "),
        Span::styled("r", v.side_style(Side::Npc)),
        Span::raw(": theirs "),
    ]);
    let block = Block::bordered().title(score(v)).title_bottom(legend);
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// What is known of an opponent card's stats: `atk 55, pdef 40`, or all three when exact.
fn known(c: &GameCard) -> String {
    if c.is_exact() {
        return format!("{}/{}/{}/{}", c.atk.lo, c.card_type.letter(), c.pdef.lo, c.mdef.lo);
    }
    let parts: Vec<String> = [("atk", c.atk), ("pdef", c.pdef), ("mdef", c.mdef)]
        .iter()
        .filter(|(_, s)| s.is_exact())
        .map(|(n, s)| format!("{n} {}", s.lo))
        .collect();
    if parts.is_empty() {
        c.id.map(catalogue::name).unwrap_or_default()
    } else {
        parts.join(", ")
    }
}

fn hand_line(v: &View, n: usize, slot: u8, c: &GameCard, detail: String) -> Line<'static> {
    let (cell, side) = match v.live.game() {
        Some(g) => {
            let cell = g.board.cells.iter().position(|&x| x == slot).map(|x| x as u8);
            (cell.map(cell_name).unwrap_or_else(|| "  ".into()), Some(g.board.side(slot)))
        }
        None => ("  ".into(), None),
    };
    let style = side.map_or_else(Style::default, |s| v.side_style(s));
    Line::from(vec![
        Span::raw(format!("{n} ")),
        Span::styled(format!("{} {}", c.digits(), arrows_line(c.arrows)), style),
        Span::raw(format!(" {cell}  {detail}")),
    ])
}

fn hands(v: &View) -> Vec<Line<'static>> {
    let bold = v.style(Style::default().add_modifier(Modifier::BOLD));
    // Types as they are now (a battle's winner may have evolved).
    let now = v.live.cards_now();
    let card = |slot: usize, c: &GameCard| now.map_or(*c, |n| n[slot]);
    let mut lines = vec![Line::from(Span::styled("My cards", bold))];
    for (k, c) in v.live.mine().iter().enumerate() {
        let c = card(k, c);
        let detail = format!("{}/{}/{}/{}", c.atk.lo, c.card_type.letter(), c.pdef.lo, c.mdef.lo);
        lines.push(hand_line(v, k + 1, k as u8, &c, detail));
    }
    lines.push(Line::from(Span::styled("Their cards", bold)));
    let theirs = v.live.theirs();
    for k in 0..5 {
        match theirs.get(k) {
            Some(c) => {
                let c = card(k + 5, c);
                lines.push(hand_line(v, k + 1, k as u8 + 5, &c, known(&c)));
            }
            None => lines.push(Line::from(format!("{} ?", k + 1))),
        }
    }
    lines
}

/// "card 2 (3P21) to B3".
fn move_text(v: &View, slot: u8, cell: u8) -> String {
    let c = v.live.mine().get(slot as usize).map(GameCard::digits).unwrap_or_default();
    format!("card {} ({c}) to {}", slot + 1, cell_name(cell))
}

fn percent(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

fn advice_lines(v: &View, a: &Analysis) -> Vec<Line<'static>> {
    let Some(best) = a.moves.first() else { return vec![Line::from("No move to advise.")] };
    let hi = v.style(Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD));
    let what = match v.live.ask() {
        Ask::Target { .. } => {
            let t = best.first_target.map(|d| target_text(v, d)).unwrap_or_default();
            format!("Best: attack {t} first")
        }
        _ => {
            let mut s = format!("Best: {}", move_text(v, best.slot, best.cell));
            if let Some(d) = best.first_target {
                s.push_str(&format!(", attack {} first", target_text(v, d)));
            }
            s
        }
    };
    let val = best.value;
    // No "-0.00": a figure that rounds to zero is shown as +0.00.
    let cards = if val.cards.abs() < 0.005 { 0.0 } else { val.cards };
    let mut figures = format!(
        "win {}  draw {}  loss {}  expected cards {cards:+.2}",
        percent(val.win),
        percent(val.draw),
        percent(val.loss()),
    );
    if let Goal::Keep(k) = v.goal {
        figures.push_str(&format!("  card {} kept {}", k + 1, percent(val.keep)));
    }
    let mut lines = vec![Line::from(Span::styled(what, hi)), Line::from(figures)];
    // What the figures are comes right after them, before the next moves: when the box is
    // too short for all (four lines at 24 rows), a next move is left out, never the label.
    lines.extend(estimate_line(v, a).map(Line::from));
    if matches!(v.live.ask(), Ask::Place(_)) && a.moves.len() > 1 {
        // Each next move with the same three figures as the best: a win chance alone hides
        // how much of the rest is a draw.
        for m in &a.moves[1..a.moves.len().min(ADVISED_MOVES)] {
            lines.push(Line::from(format!(
                "Next: card {} to {}  win {}  draw {}  loss {}",
                m.slot + 1,
                cell_name(m.cell),
                percent(m.value.win),
                percent(m.value.draw),
                percent(m.value.loss()),
            )));
        }
    }
    lines
}

/// "their 1P23 on C2" ("my": on my side now, whoever held it first).
fn target_text(v: &View, slot: u8) -> String {
    let Some(g) = v.live.game() else { return String::new() };
    let cell = g.board.cells.iter().position(|&x| x == slot).map_or(0, |x| x as u8);
    let whose = if g.board.side(slot) == Side::Player { "my" } else { "their" };
    format!("{whose} {} on {}", g.cards[slot as usize].digits(), cell_name(cell))
}

fn advice_title(v: &View) -> String {
    let how = match v.live.advice() {
        Some(a) if a.exact && !banded(v) => " (exact)",
        Some(_) => " (estimates)",
        None => "",
    };
    format!(" Advice against {}{how} ", v.model)
}

fn banded(v: &View) -> bool {
    v.live.cards_now().is_some_and(|c| notation::has_bands(&c))
}

/// Why the figures are estimates, if they are.
fn estimate_line(v: &View, a: &Analysis) -> Option<String> {
    v.live.estimate_label(a)
}

fn draw_advice(f: &mut Frame, v: &View, area: Rect) {
    let lines: Vec<Line> = if v.thinking {
        vec![Line::from("Thinking...")]
    } else {
        match (v.live.ask(), v.live.advice()) {
            (Ask::Place(Side::Player) | Ask::Target { .. }, Some(a)) => advice_lines(v, a),
            (Ask::Place(Side::Npc), _) => their_likely_move(v),
            (Ask::Battle { attacker, defender }, _) => battle_lines(v, attacker, defender),
            (Ask::Over(_), _) => over_lines(v),
            _ => vec![],
        }
    };
    let title = match v.live.ask() {
        Ask::Over(_) => " Result ".to_string(),
        Ask::Battle { .. } => " Battle ".to_string(),
        _ => advice_title(v),
    };
    let block = Block::bordered().title(title);
    f.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: true }), area);
}

fn their_likely_move(v: &View) -> Vec<Line<'static>> {
    let (Some(g), Some(cards), Opponent::Game(wise)) =
        (v.live.game(), v.live.cards_now(), v.opponent)
    else {
        return vec![Line::from("Waiting for their move.")];
    };
    let view = crate::game::ai::AiView::new(&cards, &g.types);
    let mut dist = crate::game::ai::distribution(&view, &g.board, Side::Npc, wise);
    dist.sort_by(|a, b| b.p.total_cmp(&a.p));
    match dist.first() {
        Some(c) => vec![Line::from(format!(
            "Waiting for their move. Most likely for the game's AI: their card {} ({}) to {}, {}.",
            c.slot - 4,
            g.cards[c.slot as usize].digits(),
            cell_name(c.cell),
            percent(c.p)
        ))],
        None => vec![Line::from("Waiting for their move.")],
    }
}

fn battle_lines(v: &View, attacker: u8, defender: u8) -> Vec<Line<'static>> {
    let Some(g) = v.live.game() else { return vec![] };
    let Some(p) = g.win_probability(defender) else { return vec![] };
    // Exact when the values this battle uses are exact (a card may be known in part).
    let exact = g.exact_win_chance(defender).is_some();
    let mine = if attacker < 5 { p } else { 1.0 - p };
    let label = if exact { "" } else { " (estimate: the mean over their values)" };
    vec![
        Line::from(format!(
            "Battle: {} attacks {}.",
            target_text(v, attacker),
            target_text(v, defender)
        )),
        Line::from(format!("My card's chance to win it: {}{label}", percent(mine))),
    ]
}

fn over_lines(v: &View) -> Vec<Line<'static>> {
    match crate::game::companion::result_text(v.live) {
        Some((result, prize)) => vec![Line::from(result), Line::from(prize)],
        None => vec![],
    }
}

/// The question asked now.
pub fn question(live: &Live) -> String {
    match live.ask() {
        Ask::TheirCard(n) => format!(
            "Their card {} of 5 as the game shows it: digits and arrows, e.g. 1P23 E+S.",
            n + 1
        ),
        Ask::Blocks => "Blocked cells, e.g. A1 C3 (Enter alone: none).".into(),
        Ask::First => "Who moves first? m: me, t: them.".into(),
        Ask::Place(Side::Player) => {
            "My move: card number and cell, e.g. 2 B3 (Enter alone: the best move).".into()
        }
        Ask::Place(Side::Npc) => "Their move: their card number and cell, e.g. 4 C1.".into(),
        Ask::Target { attacker, .. } if attacker >= 5 => {
            "The game lets me pick their card's next target: its cell, e.g. C2.".into()
        }
        Ask::Target { .. } => {
            "Which card do I attack first? Its cell, e.g. C2 (Enter alone: the best).".into()
        }
        Ask::Battle { .. } => "Battle result: w if my card won, l if it lost; then the two \
                               numbers shown, mine first; e if the winner's letter changed."
            .into(),
        Ask::Over(_) => "The match is over. u: undo, q: quit.".into(),
    }
}
