//! Properties of whole matches: from random deals, played to the end with
//! random legal moves, random target choices and random battle outcomes, exactly ten cards end
//! on the board, and every change of side is one the rules allow (tetra-master-match §2.3–§2.7),
//! computed here independently from the board's geometry and the cards' arrows.

use proptest::prelude::*;
use quadmist::game::board::{Side, EMPTY};
use quadmist::game::engine::{Chooser, Match, MatchResult, Phase};
use quadmist::game::sim::{deal, GameRng};
use quadmist::rules::creation::RangeRng;

/// The cell in direction `d` (0 = N, clockwise) from `cell`, if on the board.
fn step(cell: u8, d: usize) -> Option<u8> {
    let (dx, dy) = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)][d];
    let (x, y) = (i32::from(cell % 4) + dx, i32::from(cell / 4) + dy);
    ((0..4).contains(&x) && (0..4).contains(&y)).then(|| (x + 4 * y) as u8)
}

/// (direction from `cell`, slot) of every card on a cell next to `cell`.
fn neighbours(m: &Match, cell: u8) -> Vec<(usize, u8)> {
    (0..8)
        .filter_map(|d| step(cell, d).map(|n| (d, m.board.cells[n as usize])))
        .filter(|&(_, s)| s < 10)
        .collect()
}

fn cell_of(m: &Match, slot: u8) -> u8 {
    m.board.cells.iter().position(|&s| s == slot).expect("the card is on the board") as u8
}

fn arrows(m: &Match, slot: u8) -> u8 {
    m.cards[slot as usize].arrows
}

/// Whether card `a` points in direction `d`.
fn points(m: &Match, a: u8, d: usize) -> bool {
    arrows(m, a) & (1 << d) != 0
}

/// Slots on `side` as a mask.
fn on(m: &Match, side: Side) -> u16 {
    (0..10u8).filter(|&s| m.board.side(s) == side).fold(0, |acc, s| acc | 1 << s)
}

/// What a match exercised: battles, battles after a won battle in the same turn, and lost
/// battles that undid earlier gains of their turn.
#[derive(Default)]
struct Seen {
    battles: u32,
    second: u32,
    undone: u32,
}

/// The end of a match: every card placed once, nothing left in hand, every cell accounted for.
fn check_over(m: &Match, r: &MatchResult) -> Result<(), TestCaseError> {
    let cards = m.board.cells.iter().filter(|&&s| s < 10).count();
    prop_assert_eq!(cards, 10);
    prop_assert_eq!(m.board.placed, 0x3FF);
    prop_assert_eq!(m.board.hands, 0);
    prop_assert_eq!(r.player + r.npc, 10);
    let empty = m.board.cells.iter().filter(|&&s| s == EMPTY).count() as u32;
    prop_assert_eq!(empty + 10 + m.board.blocks().count_ones(), 16);
    let mut seen = [false; 10];
    for &s in m.board.cells.iter().filter(|&&s| s < 10) {
        prop_assert!(!seen[s as usize], "slot {} twice", s);
        seen[s as usize] = true;
    }
    Ok(())
}

/// The slots a won battle flips: the defender, its combo (cards not on the attacker's `side`
/// it points at), and `pending` free captures (after the turn's first battle) not yet on `side`.
fn won_flips(m: &Match, defender: u8, side: Side, pending: u16) -> u16 {
    let mut e = 1u16 << defender;
    for (dir, n) in neighbours(m, cell_of(m, defender)) {
        if m.board.side(n) != side && points(m, defender, dir) {
            e |= 1 << n;
        }
    }
    e | (pending & !on(m, side))
}

/// The slots a lost battle flips: the attacker and its loss combo (cards on its `side` it
/// points at).
fn lost_flips(m: &Match, attacker: u8, side: Side) -> u16 {
    let mut e = 1u16 << attacker;
    for (dir, n) in neighbours(m, cell_of(m, attacker)) {
        if m.board.side(n) == side && points(m, attacker, dir) {
            e |= 1 << n;
        }
    }
    e
}

/// Plays one match; checks every step.
fn play(seed: u64, choices: u64) -> Result<Seen, TestCaseError> {
    let mut rng = GameRng::new(seed, 0);
    let d = deal(&mut rng);
    let mut pick = GameRng::new(choices, 1);
    let mut m = Match::new(d.cards, d.blocks, d.first);
    let mut seen_kinds = Seen::default();
    // The turn in progress: attacker, its side, pending free captures, the earlier defenders
    // and free captures this turn flipped.
    let mut pending = 0u16;
    let mut gained = 0u16;
    loop {
        let before = on(&m, Side::Npc);
        match m.phase() {
            Phase::Over(r) => {
                check_over(&m, &r)?;
                return Ok(seen_kinds);
            }
            Phase::Place(side) => {
                let moves: Vec<(u8, u8)> = (0..10u8)
                    .filter(|&s| m.board.hand(side) & (1 << s) != 0)
                    .flat_map(|s| (0..16u8).map(move |c| (s, c)))
                    .filter(|&(_, c)| m.board.cells[c as usize] == EMPTY)
                    .collect();
                prop_assert!(!moves.is_empty());
                let (slot, cell) = moves[pick.range(0, moves.len() as u32) as usize];
                prop_assert_eq!(m.board.side(slot), side, "a card in hand is on its owner's side");
                let (mut targets, mut free) = (Vec::new(), 0u16);
                for (dir, n) in neighbours(&m, cell) {
                    if m.board.side(n) == side {
                        continue;
                    }
                    let back = arrows(&m, n) & (1 << ((dir + 4) % 8)) != 0;
                    match (arrows(&m, slot) & (1 << dir) != 0, back) {
                        (true, true) => targets.push(n),
                        (true, false) => free |= 1 << n,
                        _ => {}
                    }
                }
                let got = m.place(slot, cell).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(&got, &targets, "battle targets in direction order");
                let flipped = on(&m, Side::Npc) ^ before;
                if targets.is_empty() {
                    prop_assert_eq!(flipped, free, "no battle: exactly the free captures flip");
                    let to = on(&m, side);
                    prop_assert_eq!(to & free, free, "free captures go to the mover");
                } else {
                    prop_assert_eq!(flipped, 0, "nothing flips before the first battle");
                    pending = free;
                    gained = 0;
                }
            }
            Phase::Battle { attacker, targets, chooser } => {
                let defender = match chooser {
                    Chooser::Automatic(d) => {
                        prop_assert!(targets.len() == 1 || m.board.side(attacker) == Side::Npc);
                        d
                    }
                    Chooser::Side(_) => targets[pick.range(0, targets.len() as u32) as usize],
                };
                let side = m.board.side(attacker);
                let won = pick.range(0, 2) == 0;
                let evolves = pick.range(0, 4) == 0;
                let first = m.turn.expect("a battle is pending").battles == 0;
                let expected = if won {
                    won_flips(&m, defender, side, if first { pending } else { 0 })
                } else {
                    lost_flips(&m, attacker, side)
                };
                m.fight(defender, won, evolves).map_err(|e| TestCaseError::fail(e.to_string()))?;
                seen_kinds.battles += 1;
                seen_kinds.second += u32::from(!first);
                let flipped = on(&m, Side::Npc) ^ before;
                prop_assert_eq!(flipped, expected, "battle won {}: flips", won);
                let winner_side = if won { side } else { side.other() };
                prop_assert_eq!(on(&m, winner_side) & flipped, flipped, "flips go to the winner");
                if won {
                    gained |= (1 << defender) | if first { pending } else { 0 };
                    pending = 0;
                } else {
                    // §2.5: a lost battle undoes the turn's gains the attacker points at: every
                    // earlier defender and free capture of this turn.
                    prop_assert_eq!(on(&m, side.other()) & gained, gained, "gains undone");
                    seen_kinds.undone += u32::from(gained != 0);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn ten_cards_end_on_the_board_and_sides_change_only_by_the_rules(
        seed in any::<u64>(), choices in any::<u64>()
    ) {
        play(seed, choices)?;
    }
}

#[test]
fn random_matches_fight_battles_of_every_kind() {
    // The property above is not vacuous: over these matches battles are fought, several in one
    // turn, and lost battles undo earlier gains.
    let (mut battles, mut second, mut undone) = (0, 0, 0);
    for s in 0..100u64 {
        let seen = play(s, s + 1000).expect("rules hold");
        battles += seen.battles;
        second += seen.second;
        undone += seen.undone;
    }
    assert!(battles >= 100 && second >= 5 && undone >= 2, "{battles} {second} {undone}");
}
