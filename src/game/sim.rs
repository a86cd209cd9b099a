//! Whole matches from random deals, for measuring a player policy against the game's AI.
//!
//! A deal follows the game's set-up (tetra-master-match §1): five card ids drawn uniformly from
//! the catalogue, each side's five cards created from those ids by the game's card creation,
//! the block count and positions, and the coin for the first player. Battles draw R(0,A) and
//! R(0,D) and the winner's evolution roll; the AI draws its own stream (§4.4). Each game has its
//! own generator seeded from (seed, game number), so results do not depend on threads.
//!
//! Measured on this project's 2-core machine (release build, `nice -n 10`, shared; 10,000
//! matches each; the adviser's as seeds 1–10 × 1,000 matches, 2 threads, built at 83acaa9;
//! rate and 95 % Wilson interval):
//!
//! | player (vs game AI) | Wise | win | draw | loss |
//! |---|---|---|---|---|
//! | game AI | 3 | 39.4 % (38.4–40.3) | 20.8 % | 39.9 % |
//! | greedy (1 ply) | 3 | 50.7 % (49.7–51.7) | 18.9 % | 30.4 % |
//! | adviser, 50 ms | 3 | 93.0 % (92.4–93.4) | 1.4 % | 5.6 % |
//! | game AI | 1 | 40.1 % (39.1–41.0) | 19.7 % | 40.3 % |
//! | greedy (1 ply) | 1 | 56.9 % (55.9–57.8) | 16.9 % | 26.2 % |
//! | adviser, 50 ms | 1 | 90.1 % (89.5–90.7) | 2.3 % | 7.5 % |
//!
//! The adviser sees the NPC's cards by their digits only (bands cut by the creation range); the
//! battles and the AI use the exact stats.

use crate::game::ai::{decide, AiView};
use crate::game::board::{Board, Side, EMPTY};
use crate::game::card::{start_values, GameCard};
use crate::game::engine::{Chooser, Match, MatchResult, Outcome, Phase};
use crate::game::search::{Analysis, Budget, Goal, Opponent, Searcher};
use crate::model::catalogue::CATALOGUE;
use crate::rules::creation::{create, RangeRng};
use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The game's `Random.Range` over a seeded ChaCha generator.
#[derive(Debug, Clone)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// The generator of game `game` of a run seeded with `seed`.
    pub fn new(seed: u64, game: u64) -> GameRng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(game);
        GameRng(rng)
    }
}

impl RangeRng for GameRng {
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        if lo >= hi {
            lo
        } else {
            self.0.gen_range(lo..hi)
        }
    }
}

/// A deal: the ten cards, the blocked cells and the first player.
#[derive(Debug, Clone, PartialEq)]
pub struct Deal {
    /// Slots 0..=4 the player's, 5..=9 the NPC's.
    pub cards: [GameCard; 10],
    /// Blocked cells (bit x + 4·y).
    pub blocks: u16,
    /// Who places first.
    pub first: Side,
}

/// Block count from R(0,100) (§1.2).
pub fn block_count(r: u32) -> u32 {
    match r {
        0..=2 => 0,
        3..=6 => 1,
        7..=11 => 2,
        12..=16 => 3,
        17..=26 => 4,
        27..=96 => 5,
        _ => 6,
    }
}

/// A card of this id created as the game creates it.
fn make(id: u8, rng: &mut impl RangeRng) -> GameCard {
    let c = create(&CATALOGUE[id as usize], rng);
    GameCard::exact(Some(id), c.atk, c.card_type, c.pdef, c.mdef, c.arrows)
}

/// A random deal as the game sets a match up.
pub fn deal(rng: &mut impl RangeRng) -> Deal {
    let ids: Vec<u8> = (0..5).map(|_| rng.range(0, CATALOGUE.len() as u32) as u8).collect();
    let mut cards = [GameCard::exact(None, 0, crate::model::CardType::Physical, 0, 0, 0); 10];
    for k in 0..10 {
        cards[k] = make(ids[k % 5], rng);
    }
    let n = block_count(rng.range(0, 100));
    let mut blocks = 0u16;
    for _ in 0..n {
        loop {
            let p = rng.range(0, 16);
            if blocks & (1 << p) == 0 {
                blocks |= 1 << p;
                break;
            }
        }
        rng.range(0, 2);
    }
    let first = if rng.range(0, 2) == 0 { Side::Player } else { Side::Npc };
    Deal { cards, blocks, first }
}

/// A policy for the player's side.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The adviser (goal: win; opponent model: the game AI at the match's Wise) with this
    /// budget per move (in nodes, for a result that does not depend on the machine).
    Adviser(#[serde(skip)] Budget),
    /// The game's AI playing the player's side at the match's Wise.
    Game,
    /// One ply: the move with the highest expected card balance after its own turn.
    Greedy,
    /// Uniformly random legal moves.
    Random,
}

/// Expected (player − NPC) board cards after resolving the rest of a turn, the player picking
/// targets greedily.
fn turn_balance(m: &Match) -> f64 {
    match m.phase() {
        Phase::Battle { targets, chooser, .. } => {
            let candidates: Vec<u8> = match chooser {
                Chooser::Automatic(d) => vec![d],
                Chooser::Side(_) => targets,
            };
            candidates
                .into_iter()
                .map(|d| {
                    let p = m.win_probability(d).unwrap_or(0.0);
                    let mut w = m.clone();
                    let _ = w.fight(d, true, false);
                    let mut l = m.clone();
                    let _ = l.fight(d, false, false);
                    p * turn_balance(&w) + (1.0 - p) * turn_balance(&l)
                })
                .fold(f64::NEG_INFINITY, f64::max)
        }
        _ => {
            let (p, n) = m.board.score();
            f64::from(p) - f64::from(n)
        }
    }
}

/// The legal placements of `side`: (slot, cell).
pub fn legal(board: &Board, side: Side) -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    for slot in 0..10u8 {
        if board.hand(side) & (1 << slot) != 0 {
            for cell in 0..16u8 {
                if board.cells[cell as usize] == EMPTY {
                    v.push((slot, cell));
                }
            }
        }
    }
    v
}

/// The greedy player's move: the highest expected card balance after its own turn.
pub fn greedy_move(m: &Match) -> (u8, u8) {
    let mut best = (f64::NEG_INFINITY, (0, 0));
    for (slot, cell) in legal(&m.board, Side::Player) {
        let mut w = m.clone();
        if w.place(slot, cell).is_ok() {
            let v = turn_balance(&w);
            if v > best.0 {
                best = (v, (slot, cell));
            }
        }
    }
    best.1
}

/// The cards as the player knows them: their own exact, the NPC's by the digits shown (with
/// the card id, so each band is cut by the creation range).
pub fn seen_by_player(cards: &[GameCard; 10]) -> [GameCard; 10] {
    let mut seen = *cards;
    for c in &mut seen[5..] {
        let d = |s: crate::game::card::Span| crate::model::digit(s.lo);
        *c = GameCard::from_digits(c.id, d(c.atk), c.card_type, d(c.pdef), d(c.mdef), c.arrows);
    }
    seen
}

/// What the adviser showed for the move it played at one of its turns.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    /// The player's own turn, 1 to 5.
    pub turn: u8,
    /// Cards left to place, both hands, before the move.
    pub left: u32,
    /// P(win) shown.
    pub win: f64,
    /// P(draw) shown.
    pub draw: f64,
    /// Placements searched ahead.
    pub depth: u32,
    /// Placement nodes searched for this move.
    pub nodes: u64,
    /// The search reached the end of the match (exact under the adviser's knowledge).
    pub exact: bool,
    /// When `exact`: the search's own P(win) and P(draw) of its best move, each hidden stat
    /// taken as uniform on its band; `win` and `draw` are the figures shown for the move
    /// played, a mean over draws of the hidden stats, which order the search's best moves
    /// ([`Searcher::with_fixed_figures`]). Lets a replay check the search without drawing
    /// again. None in records written before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub searched: Option<(f64, f64)>,
}

/// A match played to the end: its result and, for the adviser, what it showed at each turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Played {
    /// The result.
    pub result: MatchResult,
    /// The adviser's figures for each move it played, in turn order (empty for other players).
    pub predictions: Vec<Prediction>,
}

/// One line of a `simulate --records` file: a match and the run it belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The run's seed.
    pub seed: u64,
    /// The player's policy, as `simulate --player` names it.
    pub player: String,
    /// The game AI's Wise level.
    pub wise: u8,
    /// The adviser's budget in placement nodes a move (none for other players).
    pub nodes: Option<u64>,
    /// The match's number in the run.
    pub game: u64,
    /// The match.
    #[serde(flatten)]
    pub played: Played,
}

/// Plays one match to the end; returns its result. The adviser sees the NPC's cards by their
/// digits only ([`seen_by_player`]).
pub fn play(deal: &Deal, player: Player, wise: u8, rng: &mut GameRng) -> MatchResult {
    play_recorded(deal, player, wise, rng).result
}

/// Plays one match to the end, keeping what the adviser showed at each of its turns.
pub fn play_recorded(deal: &Deal, player: Player, wise: u8, rng: &mut GameRng) -> Played {
    play_with(deal, player, wise, rng, |s| s)
}

/// [`play_recorded`], the adviser's searcher set up by `setup` first (to try other estimate
/// parameters, [`Searcher::set_estimate`]).
pub fn play_with(
    deal: &Deal,
    player: Player,
    wise: u8,
    rng: &mut GameRng,
    setup: impl FnOnce(Searcher) -> Searcher,
) -> Played {
    let m = Match::new(deal.cards, deal.blocks, deal.first);
    play_on(m, player, wise, rng, setup, |_, _| {})
}

/// Plays `m` (its cards the true ones) on to the end, as [`play_with`]; `advised` sees each
/// position where the adviser is to place a card, with the analysis whose best move it plays.
/// The turns of the predictions count from `m`.
pub fn play_on(
    mut m: Match,
    player: Player,
    wise: u8,
    rng: &mut GameRng,
    setup: impl FnOnce(Searcher) -> Searcher,
    mut advised: impl FnMut(&Match, &Analysis),
) -> Played {
    let mut predictions = Vec::new();
    // The AI reads its hand cards' types, which never change before they are placed.
    let view = AiView::new(&m.cards, &m.cards.map(|c| c.card_type));
    let mut searcher = match player {
        Player::Adviser(_) => {
            let mut s =
                Searcher::new(&seen_by_player(&m.cards), Opponent::Game(wise), Goal::Win, 18);
            // Only the best move is played: the others need not be ranked.
            s.set_top(1);
            let mut s = setup(s);
            // The search's own figures and those shown are both kept (`Prediction::searched`).
            s.set_fixed_figures(false);
            Some(s)
        }
        _ => None,
    };
    loop {
        match m.phase() {
            Phase::Over(result) => return Played { result, predictions },
            Phase::Place(Side::Npc) => {
                let (slot, cell) = decide(&view, &m.board, Side::Npc, wise, rng);
                let _ = m.place(slot, cell);
            }
            Phase::Place(Side::Player) => {
                let (slot, cell) = match player {
                    Player::Adviser(budget) => {
                        let s = searcher.as_mut().expect("an adviser has a searcher");
                        let before = s.nodes;
                        s.set_seen(m.seen());
                        let searched = s.analyse(&m.board, budget);
                        let own = searched.moves.first().map(|mv| (mv.value.win, mv.value.draw));
                        let a = s.with_fixed_figures(&m.board, searched);
                        advised(&m, &a);
                        match a.moves.first() {
                            Some(mv) => {
                                predictions.push(Prediction {
                                    turn: predictions.len() as u8 + 1,
                                    left: m.board.cards_left(),
                                    win: mv.value.win,
                                    draw: mv.value.draw,
                                    depth: a.depth,
                                    nodes: s.nodes - before,
                                    exact: a.exact,
                                    searched: own.filter(|_| a.exact),
                                });
                                (mv.slot, mv.cell)
                            }
                            None => greedy_move(&m),
                        }
                    }
                    Player::Game => decide(&view, &m.board, Side::Player, wise, rng),
                    Player::Greedy => greedy_move(&m),
                    Player::Random => {
                        let v = legal(&m.board, Side::Player);
                        v[rng.range(0, v.len() as u32) as usize]
                    }
                };
                let _ = m.place(slot, cell);
            }
            Phase::Battle { attacker, targets, chooser } => {
                let defender = match chooser {
                    Chooser::Automatic(d) => d,
                    Chooser::Side(_) => match player {
                        Player::Adviser(_) => {
                            let s = searcher.as_mut().expect("an adviser has a searcher");
                            adviser_target(s, &m, attacker, &targets)
                        }
                        Player::Greedy => {
                            let mut best = (f64::NEG_INFINITY, targets[0]);
                            for &d in &targets {
                                let mut w = m.clone();
                                let p = w.win_probability(d).unwrap_or(0.0);
                                let _ = w.fight(d, true, false);
                                let mut l = m.clone();
                                let _ = l.fight(d, false, false);
                                let v = p * turn_balance(&w) + (1.0 - p) * turn_balance(&l);
                                if v > best.0 {
                                    best = (v, d);
                                }
                            }
                            best.1
                        }
                        Player::Random => targets[rng.range(0, targets.len() as u32) as usize],
                        Player::Game => targets[0],
                    },
                };
                fight(&mut m, attacker, defender, rng);
            }
        }
    }
}

/// The adviser's next target among `targets` for `attacker` in the turn in progress: the best
/// of a search 4 placements beyond the turn (to the end when fewer cards are left).
pub fn adviser_target(s: &mut Searcher, m: &Match, attacker: u8, targets: &[u8]) -> u8 {
    let depth = m.board.cards_left().min(4);
    m.turn
        .and_then(|turn| s.best_target(&m.board, turn, m.types[attacker as usize], depth))
        .map_or(targets[0], |x| x.0)
}

/// Fights the pending battle of `attacker` against `defender` as the game does: the two
/// rolls, then the winner's evolution roll.
pub fn fight(m: &mut Match, attacker: u8, defender: u8, rng: &mut GameRng) {
    let a = attacker as usize;
    let (av, dv) = start_values(&m.cards[a], m.types[a], &m.cards[defender as usize]);
    let won = rng.range(0, av) > rng.range(0, dv);
    let winner = if won { attacker } else { defender };
    let evolves = match m.types[winner as usize] {
        crate::model::CardType::Physical | crate::model::CardType::Magic => {
            rng.range(0, m.evolution.to_x) == 0
        }
        crate::model::CardType::Flexible => rng.range(0, m.evolution.to_a) == 0,
        _ => false,
    };
    let _ = m.fight(defender, won, evolves);
}

/// A rate with its 95 % Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Rate {
    /// Observed rate.
    pub rate: f64,
    /// Lower end of the 95 % interval.
    pub low: f64,
    /// Upper end of the 95 % interval.
    pub high: f64,
}

impl Rate {
    /// `k` successes out of `n` (Wilson score interval, z = 1.96).
    pub fn wilson(k: u64, n: u64) -> Rate {
        if n == 0 {
            return Rate { rate: 0.0, low: 0.0, high: 1.0 };
        }
        let (k, n) = (k as f64, n as f64);
        let z = 1.959964;
        let p = k / n;
        let den = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / den;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / den;
        Rate { rate: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
    }
}

/// Win, draw and loss counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Matches won.
    pub win: u64,
    /// Matches drawn.
    pub draw: u64,
    /// Matches lost.
    pub loss: u64,
}

impl Tally {
    /// Counts one result.
    pub fn add(&mut self, r: &MatchResult) {
        match r.outcome {
            Outcome::Win => self.win += 1,
            Outcome::Draw => self.draw += 1,
            Outcome::Loss => self.loss += 1,
        }
    }

    /// Matches counted.
    pub fn games(&self) -> u64 {
        self.win + self.draw + self.loss
    }
}

/// Plays games `from..to` of a run seeded with `seed`.
pub fn run(seed: u64, from: u64, to: u64, player: Player, wise: u8) -> Tally {
    let mut t = Tally::default();
    for g in from..to {
        t.add(&play_game(seed, g, player, wise).result);
    }
    t
}

/// Plays game `game` of a run seeded with `seed`: the same match whatever else is played.
pub fn play_game(seed: u64, game: u64, player: Player, wise: u8) -> Played {
    let mut rng = GameRng::new(seed, game);
    let d = deal(&mut rng);
    play_recorded(&d, player, wise, &mut rng)
}

/// A position for tests and benchmarks: a deal of game `seed`, played with uniformly random
/// moves, targets and battle outcomes until at most `left` cards remain to place; `None` when
/// the NPC is then to move.
pub fn random_position(seed: u64, left: u32) -> Option<Match> {
    let mut rng = GameRng::new(seed, 0);
    let d = deal(&mut rng);
    let mut m = Match::new(d.cards, d.blocks, d.first);
    loop {
        match m.phase() {
            Phase::Over(_) => return None,
            Phase::Place(side) => {
                if m.board.cards_left() <= left {
                    return (side == Side::Player).then_some(m);
                }
                let moves = legal(&m.board, side);
                let (s, c) = moves[rng.range(0, moves.len() as u32) as usize];
                m.place(s, c).ok()?;
            }
            Phase::Battle { targets, chooser, .. } => {
                let d = match chooser {
                    Chooser::Automatic(d) => d,
                    Chooser::Side(_) => targets[rng.range(0, targets.len() as u32) as usize],
                };
                let won = rng.range(0, 2) == 0;
                m.fight(d, won, false).ok()?;
            }
        }
    }
}
