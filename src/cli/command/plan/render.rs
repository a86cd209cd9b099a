//! The text of `quadmist plan`: renders a [`PlanReport`] (computed in
//! [`crate::report::plan::plan_report`]) fitted to the terminal, with the shared helpers of
//! [`super::text`].

use crate::cli::card_text::{cost_words, COST_LEGEND};
use crate::cli::text::{self, count};
use crate::model::{catalogue, display_string, CardRecord, Collection};
use crate::report::plan::{MasterReport, OutOfReach, PlanReport, StepReport};
use crate::report::score::{rank_label, rank_number};
use crate::rules::score::{self, PERFECT_POINTS};
use anstyle::Style;
use std::fmt::Write as _;
use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::peaker::Priority;
use tabled::settings::{Alignment, Padding, Style as TableStyle, Width};

/// Card numbers and names, for a wrapped list: "4 Flan".
fn numbered_names(ids: &[u8]) -> Vec<String> {
    ids.iter().map(|&i| catalogue::numbered_name(i)).collect()
}

/// A table of cards, one a line (slot, name, in-game string, arrows), with extra columns.
fn card_table(
    collection: &Collection,
    slots: &[u16],
    extra_heads: &[&str],
    extra: &dyn Fn(&CardRecord) -> Vec<String>,
    width: usize,
) -> String {
    let mut rows = Vec::with_capacity(slots.len() + 1);
    let mut head: Vec<String> =
        ["Slot", "Name", "Card", "Arrows"].iter().map(|s| s.to_string()).collect();
    head.extend(extra_heads.iter().map(|s| s.to_string()));
    rows.push(head);
    for c in slots.iter().filter_map(|&s| collection.card(s)) {
        let mut row = vec![
            c.slot.to_string(),
            catalogue::numbered_name(c.id),
            display_string(c),
            text::arrows_line(c.arrows),
        ];
        row.extend(extra(c));
        rows.push(row);
    }
    // The slot, aligned right.
    const RIGHT_ALIGNED: std::ops::Range<usize> = 0..1;
    if let Some(table) = text::plain_table(&rows, |c| RIGHT_ALIGNED.contains(&c), width, "  ") {
        return table;
    }
    // Too wide: tabled wraps the widest cells.
    let mut t = Builder::from(rows).build();
    t.with(TableStyle::empty())
        .with(Padding::new(0, 2, 0, 0))
        .modify(Columns::new(RIGHT_ALIGNED), Alignment::right())
        .with(Width::wrap(width).priority(Priority::max(true)));
    t.to_string().lines().map(|l| format!("  {}", l.trim_end())).collect::<Vec<_>>().join("\n")
}

fn render_safe(s: &mut String, collection: &Collection, r: &PlanReport, width: usize) {
    let bold = Style::new().bold();
    if r.safe_discards.is_empty() {
        let line = format!(
            "{bold}Safe discards{bold:#}: none; every card is needed for the {}.",
            count(r.points, "point")
        );
        let _ = writeln!(s, "\n{}", text::wrap(&line, width, "", ""));
        return;
    }
    let head = match r.safe_discards.len() {
        1 => format!("{bold}Safe discards{bold:#}: this card can go without losing a point:"),
        n => format!(
            "{bold}Safe discards{bold:#}: these {} can all go together without losing a point:",
            count(n as u64, "card")
        ),
    };
    let _ = writeln!(s, "\n{}", text::wrap(&head, width, "", ""));
    let _ =
        writeln!(s, "{}", card_table(collection, &r.safe_discards, &[], &|_| vec![], width - 2));
}

fn render_discard(s: &mut String, collection: &Collection, r: &PlanReport, width: usize) {
    let bold = Style::new().bold();
    if r.card_count > 100 && r.discard.is_none() {
        let line = format!(
            "You hold {}; the game makes you discard down to 100: `--discard {}` picks the \
             cheapest.",
            count(r.card_count as u64, "card"),
            r.card_count - 100
        );
        let _ = writeln!(s, "\n{}", text::wrap(&line, width, "", ""));
    }
    let Some(d) = &r.discard else { return };
    let head = format!(
        "{bold}The best {}{bold:#}: {} lost ({} → {}):",
        count(d.slots.len() as u64, "discard"),
        count(d.points_lost, "point"),
        r.points,
        d.points_after
    );
    let _ = writeln!(s, "\n{}", text::wrap(&head, width, "", ""));
    let slots: Vec<u16> = d.cards.iter().map(|c| c.card.slot).collect();
    let cost = |card: &CardRecord| -> Vec<String> {
        let Some(c) = d.cards.iter().find(|c| c.card.slot == card.slot) else {
            return vec![String::new(), String::new()];
        };
        let total = c.cost.total();
        vec![
            if total == 0 { "0".into() } else { format!("−{total}") },
            cost_words(&c.card, &c.cost),
        ]
    };
    let _ = writeln!(s, "{}", card_table(collection, &slots, &["Cost", "Why"], &cost, width - 2));
    let _ = writeln!(s, "{}", text::wrap(COST_LEGEND, width, "", ""));
}

fn render_road(s: &mut String, m: &MasterReport, width: usize) {
    let bold = Style::new().bold();
    let goal = if m.target == PERFECT_POINTS {
        format!("the maximum, 1700 ({}, no name)", rank_number(score::level(PERFECT_POINTS)))
    } else {
        "Master (1698)".to_string()
    };
    let head = format!(
        "{bold}Road to {goal}{bold:#}, odds: {} (P/M→X 1/{}, X→A 1/{})",
        m.odds, m.odds_to_x, m.odds_to_a
    );
    let _ = writeln!(s, "\n{}", text::wrap(&head, width, "", "  "));
    let mut lines = vec![format!(
        "Keepers: {} of the 100 card numbers on distinct arrow patterns ({} on their own).",
        count(m.keepers.len() as u64, "card"),
        count(m.keeper_points, "point")
    )];
    let p = m.free_pattern_probability_estimate;
    lines.push(format!(
        "Free arrow patterns: {} (estimate: a new card gets one with probability {:.1}%{}).",
        m.free_patterns,
        100.0 * p,
        if p > 0.0 { format!(", about {:.2} cards per success", 1.0 / p) } else { String::new() }
    ));
    lines.push(format!(
        "Upgrades: {} P/M→X, {} X→A; expected battle wins: {} (an expected value{}).",
        m.upgrades.to_x,
        m.upgrades.to_a,
        m.expected_battle_wins,
        if m.upgrades.new_copies.copies > 0 { "; new copies assumed to arrive as P/M" } else { "" }
    ));
    for l in lines {
        let _ = writeln!(s, "{}", text::wrap(&l, width, "  ", "    "));
    }
    if !m.missing_ids.is_empty() {
        let head = format!("  Missing ({}): ", m.missing_ids.len());
        let _ = writeln!(
            s,
            "{}",
            text::wrap_list(&numbered_names(&m.missing_ids), width, &head, "    ")
        );
    }
    if !m.ids_needing_new_arrows.is_empty() {
        let head = format!(
            "  Owned, but every copy's arrows clash with another keeper ({}): ",
            m.ids_needing_new_arrows.len()
        );
        let _ = writeln!(
            s,
            "{}",
            text::wrap_list(&numbered_names(&m.ids_needing_new_arrows), width, &head, "    ")
        );
    }
    if !m.shared_patterns.is_empty() {
        let list: Vec<String> = m
            .shared_patterns
            .iter()
            .map(|g| format!("{} (slots {})", text::arrows_line(g.arrows), text::ranges(&g.slots)))
            .collect();
        let _ = writeln!(
            s,
            "{}",
            text::wrap_list_sep(&list, ';', width, "  Arrow patterns on several cards: ", "    ")
        );
    }
    if !m.repeated_ids.is_empty() {
        let list: Vec<String> = m
            .repeated_ids
            .iter()
            .map(|g| {
                format!("{} (slots {})", catalogue::numbered_name(g.id), text::ranges(&g.slots))
            })
            .collect();
        let _ = writeln!(
            s,
            "{}",
            text::wrap_list_sep(&list, ';', width, "  Card numbers with several copies: ", "    ")
        );
    }
}

/// Master out of reach on this save, and the best rank left.
fn render_out_of_reach(s: &mut String, o: &OutOfReach, width: usize) {
    let lost: Vec<String> =
        o.lost_numbers.iter().map(|&n| catalogue::numbered_name(n - 1)).collect();
    let line = format!(
        "Master is out of reach on this save: {} can no longer be had in this playthrough \
         (the save's story is past every place it is found; quadmist missing lists them). \
         The best left is {}, {}.",
        lost.join(", "),
        count(o.best_points, "point"),
        text::rank_phrase(o.best_level)
    );
    let _ = writeln!(s, "{}", text::wrap(&line, width, "  ", "    "));
}

fn render_steps(s: &mut String, collection: &Collection, m: &MasterReport, width: usize) {
    let bold = Style::new().bold();
    let _ = writeln!(s, "\n{bold}Steps{bold:#}:");
    let mut n = 0;
    for step in &m.steps {
        n += 1;
        let first = format!("  {n}. ");
        let rest = " ".repeat(first.len());
        match step {
            StepReport::Discard { slots, points_after } => {
                let line = format!(
                    "Discard the {} that are not keepers, at the latest when you need room \
                     (none is in the final collection; the keepers alone have {}): slots {}.",
                    count(slots.len() as u64, "card"),
                    count(*points_after, "point"),
                    text::ranges(slots)
                );
                let _ = writeln!(s, "{}", text::wrap(&line, width, &first, &rest));
            }
            StepReport::Acquire { ids, .. } => {
                let line = format!(
                    "Get a copy of each of the {} listed above (missing or clashing); keep a \
                     copy only if its arrow pattern is still free, otherwise discard it at once \
                     (you stay at 100 cards or fewer).",
                    count(ids.len() as u64, "card number")
                );
                let _ = writeln!(s, "{}", text::wrap(&line, width, &first, &rest));
            }
            StepReport::Upgrade { cards: ups, new_copies } => {
                let line = "Win card battles with these cards until they change type:";
                let _ = writeln!(s, "{}", text::wrap(line, width, &first, &rest));
                let slots: Vec<u16> = ups.iter().map(|u| u.slot).collect();
                let how = |c: &CardRecord| -> Vec<String> {
                    match ups.iter().find(|u| u.slot == c.slot) {
                        Some(u) => vec![
                            format!("{} → {}", u.from, u.to),
                            format!("~{}", count(u.expected_wins, "win")),
                        ],
                        None => vec![String::new(), String::new()],
                    }
                };
                let table =
                    card_table(collection, &slots, &["Type", "Expected"], &how, width - rest.len());
                for line in table.lines() {
                    let _ = writeln!(s, "{}{}", &rest[2..], line);
                }
                if new_copies.to_a + new_copies.to_x_only > 0 {
                    let line = format!(
                        "New copies: {} to A, {} to X, ~{} (estimate).",
                        new_copies.to_a,
                        new_copies.to_x_only,
                        count(new_copies.expected_wins, "win")
                    );
                    let _ = writeln!(s, "{}", text::wrap(&line, width, &rest, &rest));
                }
            }
        }
    }
    let _ = writeln!(
        s,
        "{}",
        text::wrap(
            &format!(
                "{}. {}",
                n + 1,
                if m.target == PERFECT_POINTS {
                    format!(
                        "The maximum, 1700 points, is reached ({}, no name).",
                        rank_number(score::level(PERFECT_POINTS))
                    )
                } else {
                    "Master (1698) is reached.".to_string()
                }
            ),
            width,
            "  ",
            "     "
        )
    );
}

/// The text of `quadmist plan` fitted to `width` (bold headings are `anstyle` codes, stripped
/// off a terminal).
pub fn render_plan(collection: &Collection, r: &PlanReport, width: usize) -> String {
    let mut s = String::new();
    let level = score::level(r.points);
    let head = format!(
        "{}, {}: {}",
        count(r.card_count as u64, "card"),
        count(r.points, "point"),
        rank_label(level)
    );
    let _ = writeln!(s, "{}", text::wrap(&head, width, "", "  "));
    render_safe(&mut s, collection, r, width);
    render_discard(&mut s, collection, r, width);
    render_road(&mut s, &r.master, width);
    if let Some(o) = &r.out_of_reach {
        render_out_of_reach(&mut s, o, width);
    }
    render_steps(&mut s, collection, &r.master, width);
    s
}
