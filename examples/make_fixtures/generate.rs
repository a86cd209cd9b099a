//! The sample memory cards in `fixtures/`, made deterministically from the game's rules.
//!
//! One player's progress through the game, simulated with a seeded RNG: cards are created
//! with `rules::creation::create` (tetra-master-rules §6), every won match grows each hand
//! card by one point of a random stat unless it is at its cap (§7), every card battle won may
//! evolve the winner P/M → X → A with the PlayStation guides' odds (§8), lost cards and
//! discards leave holes in the list. Three snapshots are saved as in-game files 1..3.
//!
//! Shared by `examples/make_fixtures` (writes the files) and `tests/it/psx_fixtures.rs`
//! (checks the committed files equal a fresh run byte for byte).

#![allow(dead_code)]

use quadmist::container::write::{to_gme, to_mcs, to_psv, CardBuilder};
use quadmist::ff9::psx::block::{RawCardRecord, CARD_SLOTS};
use quadmist::ff9::psx::write::FF9Block;
use quadmist::model::catalogue::CATALOGUE;
use quadmist::model::CardType;
use quadmist::rules::creation::{create, RangeRng};
use quadmist::rules::growth::{level_up_in_battle, level_up_in_match, EvolutionOdds};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seed of the simulation.
pub const SEED: u64 = 0x0FF9_CA2D;

/// A seeded RNG giving the game's `Random.Range(lo, hi)`.
pub struct GameRng(pub ChaCha8Rng);

impl RangeRng for GameRng {
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        if lo >= hi {
            lo
        } else {
            self.0.gen_range(lo..hi)
        }
    }
}

/// One FF9 save on the fixture card.
pub struct FixtureSave {
    /// Directory name, e.g. `BASLUS-0125100000-00` (disc 1's code on every disc, as the game writes it).
    pub name: String,
    /// The block's contents.
    pub block: FF9Block,
}

/// One stage of play between two saves.
struct Stage {
    /// Cards obtained (ids drawn uniformly below `id_limit`).
    new_cards: u32,
    id_limit: u32,
    /// Matches played: wins, losses, draws.
    wins: u32,
    losses: u32,
    draws: u32,
    /// Cards discarded from the menu.
    discards: u32,
}

/// The player's card list: 100 slots, `None` for a hole.
struct Player {
    slots: [Option<RawCardRecord>; CARD_SLOTS],
    wins: u16,
    losses: u16,
    draws: u16,
}

fn stat_max(id: u8) -> [u8; 3] {
    let c = &CATALOGUE[id as usize];
    [c.max_atk, c.max_pdef, c.max_mdef]
}

impl Player {
    fn owned(&self) -> Vec<usize> {
        (0..CARD_SLOTS).filter(|&k| self.slots[k].is_some()).collect()
    }

    /// Adds a card after the last used slot, or in the first hole when the end is reached.
    fn add(&mut self, card: RawCardRecord) {
        let after_last = self.slots.iter().rposition(Option::is_some).map_or(0, |k| k + 1);
        let k = if after_last < CARD_SLOTS {
            Some(after_last)
        } else {
            self.slots.iter().position(Option::is_none)
        };
        if let Some(k) = k {
            self.slots[k] = Some(card);
        }
    }

    fn hand(&self, rng: &mut GameRng) -> Vec<usize> {
        let mut owned = self.owned();
        let mut hand = Vec::new();
        while hand.len() < 5 && !owned.is_empty() {
            let i = rng.range(0, owned.len() as u32) as usize;
            hand.push(owned.swap_remove(i));
        }
        hand
    }

    /// A won match: card battles won may evolve a hand card; then every hand card grows.
    fn win(&mut self, rng: &mut GameRng, odds: EvolutionOdds) {
        let hand = self.hand(rng);
        let battles = rng.range(0, 4);
        for _ in 0..battles {
            let Some(&k) = hand.get(rng.range(0, hand.len() as u32) as usize) else { break };
            if let Some(c) = self.slots[k].as_mut() {
                let evolved =
                    level_up_in_battle(CardType::from_code(c.card_type.into()), odds, rng);
                c.card_type = evolved.code();
            }
        }
        for &k in &hand {
            if let Some(c) = self.slots[k].as_mut() {
                level_up_in_match([&mut c.atk, &mut c.pdef, &mut c.mdef], stat_max(c.id), rng);
            }
        }
        self.wins = self.wins.saturating_add(1);
    }

    /// A lost match: one hand card goes to the opponent and leaves a hole.
    fn lose(&mut self, rng: &mut GameRng) {
        let hand = self.hand(rng);
        if !hand.is_empty() {
            let k = hand[rng.range(0, hand.len() as u32) as usize];
            self.slots[k] = None;
        }
        self.losses = self.losses.saturating_add(1);
    }

    fn play(&mut self, stage: &Stage, rng: &mut GameRng) {
        for _ in 0..stage.new_cards {
            let id = rng.range(0, stage.id_limit) as u8;
            let n = create(&CATALOGUE[id as usize], rng);
            let card_type = match n.card_type {
                CardType::Physical => 0,
                CardType::Magic => 1,
                _ => 2,
            };
            self.add(RawCardRecord {
                id,
                arrows: n.arrows,
                atk: n.atk,
                card_type,
                pdef: n.pdef,
                mdef: n.mdef,
            });
        }
        // Matches in a shuffled order of results.
        let mut results: Vec<u8> = [(0u8, stage.wins), (1, stage.losses), (2, stage.draws)]
            .iter()
            .flat_map(|&(r, n)| std::iter::repeat_n(r, n as usize))
            .collect();
        for j in 0..results.len() {
            let k = rng.range(j as u32, results.len() as u32) as usize;
            results.swap(j, k);
        }
        for r in results {
            match r {
                0 => self.win(rng, EvolutionOdds::PSX_GUIDE),
                1 => self.lose(rng),
                _ => self.draws = self.draws.saturating_add(1),
            }
        }
        for _ in 0..stage.discards {
            let owned = self.owned();
            if !owned.is_empty() {
                let k = owned[rng.range(0, owned.len() as u32) as usize];
                self.slots[k] = None;
            }
        }
    }

    fn records(&self) -> [RawCardRecord; quadmist::ff9::psx::block::RECORDS] {
        let mut r = [RawCardRecord::EMPTY; quadmist::ff9::psx::block::RECORDS];
        for (k, s) in self.slots.iter().enumerate() {
            if let Some(c) = s {
                r[k] = *c;
            }
        }
        r
    }
}

/// The three saves, newest first (in-game file 1 is the latest, on disc 3).
pub fn saves() -> Vec<FixtureSave> {
    let mut rng = GameRng(ChaCha8Rng::seed_from_u64(SEED));
    let mut p = Player { slots: [None; CARD_SLOTS], wins: 0, losses: 0, draws: 0 };
    // (stage, disc, leader level, location, play time, gil). The game names every save with
    // disc 1's product code; the disc is in the block (ff9-save-formats §a.1).
    let stages = [
        (
            Stage { new_cards: 22, id_limit: 30, wins: 14, losses: 4, draws: 2, discards: 0 },
            1,
            11,
            "Dali",
            5 * 3600 + 12 * 60 + 9,
            2_345,
        ),
        (
            Stage { new_cards: 40, id_limit: 70, wins: 55, losses: 9, draws: 6, discards: 2 },
            2,
            34,
            "Lindblum",
            18 * 3600 + 40 * 60 + 33,
            18_907,
        ),
        (
            Stage { new_cards: 55, id_limit: 100, wins: 120, losses: 14, draws: 9, discards: 3 },
            3,
            52,
            "Black Mage Village",
            34 * 3600 + 5 * 60 + 41,
            61_230,
        ),
    ];
    let mut out = Vec::new();
    for (file, (stage, disc, level, location, seconds, gil)) in (0..3u8).rev().zip(stages) {
        p.play(&stage, &mut rng);
        out.push(FixtureSave {
            name: format!("BASLUS-0125100000-{file:02}"),
            block: FF9Block {
                file_number: file + 1,
                leader_name: "Zidane".into(),
                leader_level: level,
                location: location.into(),
                play_time_seconds: seconds,
                frame_rate: 60,
                disc,
                gil,
                wins: p.wins,
                losses: p.losses,
                draws: p.draws,
                records: p.records(),
            },
        });
    }
    out.reverse();
    out
}

/// The raw card: file 1 (newest) in block 1, then files 2 and 3.
pub fn raw_card() -> Vec<u8> {
    let mut card = CardBuilder::formatted();
    for s in saves() {
        card.add_save(&s.name, &s.block.build());
    }
    card.into_bytes()
}

/// Every fixture file: (path relative to the crate root, bytes).
pub fn files() -> Vec<(&'static str, Vec<u8>)> {
    let card = raw_card();
    let newest = &saves()[0];
    let block = newest.block.build();
    vec![
        ("fixtures/ff9-three-saves.mcr", card.clone()),
        ("fixtures/ff9-three-saves.gme", to_gme(&card)),
        ("fixtures/ff9-file1.mcs", to_mcs(&newest.name, &block)),
        ("fixtures/ff9-file1.psv", to_psv(&newest.name, &block)),
    ]
}
