//! The match engine and the game AI against the spec's vectors (tetra-master-match §6, T4–T6),
//! worked by hand from the rules.

use quadmist::game::ai::{decide, distribution, AiView};
use quadmist::game::board::{Board, Side, NPC_SLOTS};
use quadmist::game::card::GameCard;
use quadmist::game::engine::{growth_rolls, prize, Chooser, Match, Phase, Prize};
use quadmist::model::CardType::{Magic as M, Physical as P};
use quadmist::rules::creation::RangeRng;
use quadmist::rules::ratio::Ratio;

fn card(atk: u8, t: quadmist::model::CardType, pdef: u8, mdef: u8, arrows: u8) -> GameCard {
    GameCard::exact(None, atk, t, pdef, mdef, arrows)
}

fn cell(x: u8, y: u8) -> u8 {
    x + 4 * y
}

/// T4's board, the player to move with Pp (slot 0). Slots: Pp 0, Q 1, E 5, S 6, W 7, C1 8.
fn t4(e_arrows: u8) -> Match {
    let filler = card(0x10, P, 0x10, 0x10, 0);
    let mut cards = [filler; 10];
    cards[0] = card(0x35, P, 0x20, 0x20, 0x54);
    cards[1] = card(0x10, P, 0x10, 0x10, 0x00);
    cards[5] = card(0x10, P, 0x18, 0x18, e_arrows);
    cards[6] = card(0x10, M, 0x30, 0x22, 0x01);
    cards[7] = card(0x70, P, 0x70, 0x70, 0x00);
    cards[8] = card(0x10, P, 0x10, 0x10, 0x10);
    let mut board = Board::new(1 << cell(0, 0), Side::Player);
    board.put(1, cell(3, 2), Side::Player);
    board.put(5, cell(2, 1), Side::Npc);
    board.put(6, cell(1, 2), Side::Npc);
    board.put(7, cell(0, 1), Side::Npc);
    board.put(8, cell(2, 0), Side::Npc);
    Match::from_board(cards, cards.map(|c| c.card_type), board)
}

fn blue_red(m: &Match) -> (u32, u32) {
    m.board.score()
}

#[test]
fn t4_classification_and_odds() {
    let mut m = t4(0x49);
    assert_eq!(m.place(0, cell(1, 1)).unwrap(), vec![5, 6], "battle list [E, S]");
    assert_eq!(m.turn.unwrap().pending, 1 << 7, "free capture W");
    assert_eq!(m.exact_win_chance(5), Some(Ratio::new(81, 106)));
    assert_eq!(m.exact_win_chance(6), Some(Ratio::new(57, 106)));
    match m.phase() {
        Phase::Battle { chooser, .. } => assert_eq!(chooser, Chooser::Side(Side::Player)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn t4_v1_two_battles_won() {
    let mut m = t4(0x49);
    m.place(0, cell(1, 1)).unwrap();
    m.fight(5, true, false).unwrap();
    // E, C1 (combo) and W (free capture) are blue; S still red.
    assert_eq!(m.board.side(5), Side::Player);
    assert_eq!(m.board.side(8), Side::Player);
    assert_eq!(m.board.side(7), Side::Player);
    assert_eq!(m.board.side(6), Side::Npc);
    m.fight(6, true, false).unwrap();
    assert!(m.turn.is_none());
    assert_eq!(blue_red(&m), (6, 0));
    assert_eq!(m.board.mover, Side::Npc);
}

#[test]
fn t4_v2_a_later_loss_undoes_the_gains() {
    let mut m = t4(0x49);
    m.place(0, cell(1, 1)).unwrap();
    m.fight(5, true, false).unwrap();
    m.fight(6, false, false).unwrap();
    assert_eq!(blue_red(&m), (2, 4));
    assert_eq!(m.board.side(8), Side::Player, "C1 stays blue");
    assert_eq!(m.board.side(1), Side::Player, "Q stays blue");
    for s in [0, 5, 6, 7] {
        assert_eq!(m.board.side(s), Side::Npc, "slot {s}");
    }
}

#[test]
fn t4_v3_first_battle_lost() {
    let mut m = t4(0x49);
    m.place(0, cell(1, 1)).unwrap();
    m.fight(5, false, false).unwrap();
    assert_eq!(blue_red(&m), (1, 5));
    assert!(m.turn.is_none());
}

#[test]
fn t4_v4_combo_removes_a_target() {
    let mut m = t4(0x69);
    m.place(0, cell(1, 1)).unwrap();
    m.fight(5, true, false).unwrap();
    assert!(m.turn.is_none(), "S was combo-flipped: no second battle");
    assert_eq!(blue_red(&m), (6, 0));
}

#[test]
fn t4_the_npc_attacks_the_first_target_in_direction_order() {
    // The mirror: the placed card is the NPC's (slot 9), the others swap colours.
    let m0 = t4(0x49);
    let mut cards = m0.cards;
    cards.swap(0, 9);
    let mut board = Board::new(1 << cell(0, 0), Side::Npc);
    board.put(1, cell(3, 2), Side::Npc);
    board.put(5, cell(2, 1), Side::Player);
    board.put(6, cell(1, 2), Side::Player);
    board.put(7, cell(0, 1), Side::Player);
    board.put(8, cell(2, 0), Side::Player);
    let mut m = Match::from_board(cards, cards.map(|c| c.card_type), board);
    assert_eq!(m.place(9, cell(1, 1)).unwrap(), vec![5, 6]);
    match m.phase() {
        Phase::Battle { chooser, .. } => assert_eq!(chooser, Chooser::Automatic(5)),
        other => panic!("{other:?}"),
    }
    assert!(m.fight(6, true, false).is_err(), "the NPC cannot pick S first");
    m.fight(5, true, true).unwrap();
    assert_eq!(m.types[9], quadmist::model::CardType::Flexible, "the winner evolved");
}

fn final_board(red: u16) -> Board {
    let mut b = Board::new(0, Side::Player);
    for s in 0..10u8 {
        let side = if red & (1 << s) != 0 { Side::Npc } else { Side::Player };
        b.put(s, s, side);
    }
    b
}

#[test]
fn t6_end_of_match() {
    // c2 and c4 red, NPC wins 6–4 (NPC keeps n0..n3, n4 is blue) → the NPC takes c2.
    let b = final_board((1 << 2) | (1 << 4) | 0b01111_00000);
    assert_eq!(b.score(), (4, 6));
    assert_eq!(prize(&b), Prize::NpcTakes(2));
    assert_eq!(growth_rolls(&b), [0; 10]);
    // Player wins 7–3 with n1 and n3 blue → picks n1 or n3; one roll for each of c0..c4.
    let b = final_board(NPC_SLOTS & !((1 << 6) | (1 << 8)));
    assert_eq!(b.score(), (7, 3));
    assert_eq!(prize(&b), Prize::PlayerPicks(vec![6, 8]));
    assert_eq!(growth_rolls(&b), [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    // Perfect win.
    let b = final_board(0);
    assert_eq!(prize(&b), Prize::PlayerTakesAll);
    assert_eq!(growth_rolls(&b), [5, 5, 5, 5, 5, 4, 3, 2, 1, 0]);
    // Perfect loss and a draw.
    assert_eq!(prize(&final_board(0b11111_11111)), Prize::NpcTakesAll);
    assert_eq!(prize(&final_board(0b00000_11111)), Prize::Nothing);
}

/// Answers each call with the next scripted value (or `lo` when the script is exhausted) and
/// records the (lo, hi) of every call.
struct Scripted {
    values: Vec<u32>,
    calls: Vec<(u32, u32)>,
}

impl Scripted {
    fn new(values: &[u32]) -> Scripted {
        Scripted { values: values.to_vec(), calls: Vec::new() }
    }
}

impl RangeRng for Scripted {
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        self.calls.push((lo, hi));
        if self.calls.len() <= self.values.len() {
            self.values[self.calls.len() - 1]
        } else {
            lo
        }
    }
}

/// T5: blue Pa (slot 0) at (1,1), blue Pb (slot 1) at (3,3); NPC hand N0 (slot 5), N1 (slot 6).
fn t5(n0_atk: u8, block_origin: bool) -> (AiView, Board) {
    let filler = card(0x10, P, 0x10, 0x10, 0);
    let mut cards = [filler; 10];
    cards[0] = card(0x30, P, 0x20, 0x20, 0x05);
    cards[1] = card(0x30, P, 0x20, 0x20, 0x00);
    cards[5] = card(n0_atk, M, 0x10, 0x10, 0x40);
    cards[6] = card(0x20, P, 0x30, 0x30, 0x30);
    let mut board = Board::new(if block_origin { 1 } else { 0 }, Side::Npc);
    board.put(0, cell(1, 1), Side::Player);
    board.put(1, cell(3, 3), Side::Player);
    board.hands = (1 << 5) | (1 << 6);
    (AiView::new(&cards, &cards.map(|c| c.card_type)), board)
}

#[test]
fn t5_wise_1_factors_kept() {
    let (view, board) = t5(0x48, false);
    let mut rng = Scripted::new(&[20, 5, 10]);
    assert_eq!(decide(&view, &board, Side::Npc, 1, &mut rng), (5, cell(2, 1)));
    let mut expected = vec![(15, 31), (0, 23), (0, 100), (0, 72), (0, 32), (0, 32), (0, 32)];
    expected.extend([(0, 1000); 7]);
    assert_eq!(rng.calls, expected);
}

#[test]
fn t5_wise_1_factors_zeroed() {
    let (view, board) = t5(0x48, false);
    let mut script = vec![20, 5, 70, 0, 0, 0, 0, 999, 999, 999, 999, 12];
    script.extend([999; 30]);
    let mut rng = Scripted::new(&script);
    assert_eq!(decide(&view, &board, Side::Npc, 1, &mut rng), (5, cell(1, 2)));
    assert_eq!(rng.calls.len(), 7 + 27);
    let mut rng = Scripted::new(&[20, 5, 70, 0, 0, 0, 0, 999, 999, 999, 999, 999, 999]);
    let mut all_high = vec![20, 5, 70, 0, 0, 0, 0];
    all_high.extend([999; 27]);
    rng.values = all_high;
    assert_eq!(decide(&view, &board, Side::Npc, 1, &mut rng), (5, cell(0, 0)));
    // (0,0) blocked: the first entry (MIN) draws too; draws 0, 999, … → N0 at (0,1).
    let (view, board) = t5(0x48, true);
    let mut script = vec![20, 5, 70, 0, 0, 0, 0, 0];
    script.extend([999; 40]);
    let mut rng = Scripted::new(&script);
    assert_eq!(decide(&view, &board, Side::Npc, 1, &mut rng), (5, cell(0, 1)));
    assert_eq!(rng.calls.len(), 7 + 26);
}

#[test]
fn t5_wise_3() {
    let (view, board) = t5(0x48, false);
    let mut rng = Scripted::new(&[20, 5, 99]);
    assert_eq!(decide(&view, &board, Side::Npc, 3, &mut rng), (5, cell(2, 1)));
    let d = distribution(&view, &board, Side::Npc, 3);
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].slot, d[0].cell, d[0].p), (5, cell(2, 1), 1.0));
    // N0 with atk 0x80: winChance ⌊100·128/160⌋ = 80 → 65 < 67: the two captures tie.
    let (view, board) = t5(0x80, false);
    let d = distribution(&view, &board, Side::Npc, 3);
    let mut got: Vec<(u8, u8, f64)> = d.iter().map(|c| (c.slot, c.cell, c.p)).collect();
    got.sort_by_key(|c| c.1);
    assert_eq!(got, vec![(6, cell(2, 0), 0.5), (6, cell(3, 2), 0.5)]);
    // Every tie draw (the quiet entries tie at 0 before the captures) answered 499 or 500: the
    // last draw, N1@(3,2)'s, decides.
    let mut rng = Scripted::new(&[20, 5, 0, 0, 0, 0, 0]);
    rng.values.extend([499; 60]);
    assert_eq!(decide(&view, &board, Side::Npc, 3, &mut rng), (6, cell(3, 2)));
    let mut rng = Scripted::new(&[20, 5, 0, 0, 0, 0, 0]);
    rng.values.extend([500; 60]);
    assert_eq!(decide(&view, &board, Side::Npc, 3, &mut rng), (6, cell(2, 0)));
}

#[test]
fn t5_wise_1_distribution() {
    let (view, board) = t5(0x48, false);
    let d = distribution(&view, &board, Side::Npc, 1);
    let total: f64 = d.iter().map(|c| c.p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let p = |slot, c| d.iter().find(|x| x.slot == slot && x.cell == c).map_or(0.0, |x| x.p);
    let q: f64 = 0.035; // ⌊1000/28⌋/1000
                        // Kept (63 %): N0@(2,1). Zeroed (37 %): N0@(2,1) is the 9th of 28 tied entries in loop
                        // order ((0,0) (0,1) (0,2) (0,3) (1,0) (1,2) (1,3) (2,0) (2,1); (1,1) is occupied).
    let zeroed_7th = q * (1.0 - q).powi(28 - 9);
    assert!((p(5, cell(2, 1)) - (0.63 + 0.37 * zeroed_7th)).abs() < 1e-12);
    assert!((p(5, cell(0, 0)) - 0.37 * (1.0 - q).powi(27)).abs() < 1e-12);
    assert!((p(6, cell(3, 3)) - 0.0).abs() < 1e-12, "occupied");
}
