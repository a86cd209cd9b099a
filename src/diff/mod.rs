//! What changed between two saves of one player: cards won and gone, cards that grew or
//! evolved, the match counters, and the points and rank with the part of the score that moved.
//!
//! Cards are matched across the saves by [`matching`]: an exact minimum-cost assignment under
//! the game's growth and evolution rules, with the groups whose best assignment is not unique
//! reported as [`Ambiguity`] instead of guessed.

pub mod matching;

pub use matching::{growth, match_cards, Ambiguity, Matching};

use crate::model::{CardRecord, CardType, Collection};
use crate::rules::score::{self, Breakdown};
use serde::Serialize;

/// A value before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Change<T> {
    /// In the earlier save.
    pub before: T,
    /// In the later save.
    pub after: T,
}

impl<T: PartialEq> Change<T> {
    /// True when the value moved.
    pub fn moved(&self) -> bool {
        self.before != self.after
    }
}

/// A card of the earlier save and what it is in the later one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardChange {
    /// Index of the card in the earlier collection's `cards`.
    pub before: usize,
    /// Index of the card in the later collection's `cards`.
    pub after: usize,
    /// Type before (differs from `to` for an evolved card).
    pub from: CardType,
    /// Type after.
    pub to: CardType,
    /// Level-ups of attack (with the wrap of an edited stat, the count of level-ups).
    pub atk: u32,
    /// Level-ups of physical defence.
    pub pdef: u32,
    /// Level-ups of magical defence.
    pub mdef: u32,
}

/// Everything that changed from one save to a later one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diff {
    /// Matches won.
    pub wins: Change<i32>,
    /// Matches lost.
    pub losses: Change<i32>,
    /// Matches drawn.
    pub draws: Change<i32>,
    /// Collector points.
    pub points: Change<u32>,
    /// Collector level (0..31).
    pub level: Change<usize>,
    /// The parts of the points (distinct ids, distinct arrow masks, X and A copies).
    pub breakdown: Change<Breakdown>,
    /// Later cards not there before (indices in the later collection), save order.
    pub added: Vec<usize>,
    /// Earlier cards no longer there (indices in the earlier collection), save order.
    pub removed: Vec<usize>,
    /// Cards of unchanged type with at least one stat grown, in the earlier save's order.
    pub grown: Vec<CardChange>,
    /// Cards whose type moved (P/M → X → A), with their stat changes, earlier save's order.
    pub evolved: Vec<CardChange>,
    /// Groups of cards whose story is not unique.
    pub ambiguous: Vec<Ambiguity>,
}

impl Diff {
    /// True when nothing the diff reports moved: no card, counter or point changed.
    pub fn is_empty(&self) -> bool {
        !self.wins.moved()
            && !self.losses.moved()
            && !self.draws.moved()
            && !self.points.moved()
            && self.added.is_empty()
            && self.removed.is_empty()
            && self.grown.is_empty()
            && self.evolved.is_empty()
            && self.ambiguous.is_empty()
    }
}

/// The stat level-ups between two matched cards (0 where the rules leave no other reading).
fn stat_changes(from: &CardRecord, to: &CardRecord) -> [u32; 3] {
    [(from.atk, to.atk), (from.pdef, to.pdef), (from.mdef, to.mdef)]
        .map(|(a, b)| u32::from(b.wrapping_sub(a)))
}

/// Compares an earlier save's collection with a later one's.
pub fn diff(before: &Collection, after: &Collection) -> Diff {
    let m = match_cards(&before.cards, &after.cards);
    let mut grown = Vec::new();
    let mut evolved = Vec::new();
    for &(i, j) in &m.pairs {
        let (a, b) = (&before.cards[i], &after.cards[j]);
        let [atk, pdef, mdef] = stat_changes(a, b);
        let change =
            CardChange { before: i, after: j, from: a.card_type, to: b.card_type, atk, pdef, mdef };
        if a.card_type != b.card_type {
            evolved.push(change);
        } else if atk + pdef + mdef > 0 {
            grown.push(change);
        }
    }
    let (b0, b1) = (score::breakdown(&before.cards), score::breakdown(&after.cards));
    Diff {
        wins: Change { before: before.wins, after: after.wins },
        losses: Change { before: before.losses, after: after.losses },
        draws: Change { before: before.draws, after: after.draws },
        points: Change { before: b0.points(), after: b1.points() },
        level: Change { before: score::level(b0.points()), after: score::level(b1.points()) },
        breakdown: Change { before: b0, after: b1 },
        added: m.added,
        removed: m.removed,
        grown,
        evolved,
        ambiguous: m.ambiguous,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Platform;

    fn card(slot: u16, id: u8, arrows: u8, t: CardType, stats: [u8; 3]) -> CardRecord {
        let [atk, pdef, mdef] = stats;
        CardRecord { slot, id, arrows, atk, card_type: t, pdef, mdef, cpoint: None }
    }

    #[test]
    fn a_session_of_matches() {
        use CardType::*;
        // Goblin caps 7/9/4, Fang 9/10/4, Skeleton 11/12/10 (cards.csv).
        let mut before = Collection::new(
            Platform::PlayStation,
            vec![
                card(1, 0, 0x01, Physical, [3, 4, 2]),
                card(2, 1, 0x03, Physical, [4, 5, 2]),
                card(3, 2, 0x10, Physical, [5, 6, 5]),
            ],
        );
        before.wins = 10;
        // The list is rewritten in another order; Goblin grew atk +1 and mdef +2, Fang became
        // X with pdef +1, Skeleton was lost and a second Goblin (new mask) was won.
        let mut after = Collection::new(
            Platform::PlayStation,
            vec![
                card(1, 1, 0x03, Flexible, [4, 6, 2]),
                card(2, 0, 0x80, Physical, [3, 4, 2]),
                card(3, 0, 0x01, Physical, [4, 4, 4]),
            ],
        );
        after.wins = 12;
        after.losses = 1;
        let d = diff(&before, &after);
        assert_eq!(d.removed, vec![2]);
        assert_eq!(d.added, vec![1]);
        assert_eq!(
            d.grown,
            vec![CardChange {
                before: 0,
                after: 2,
                from: Physical,
                to: Physical,
                atk: 1,
                pdef: 0,
                mdef: 2
            }]
        );
        assert_eq!(
            d.evolved,
            vec![CardChange {
                before: 1,
                after: 0,
                from: Physical,
                to: Flexible,
                atk: 0,
                pdef: 1,
                mdef: 0
            }]
        );
        // Before: 3 ids, 3 masks → 45. After: 2 ids, 3 masks, one X → 20 + 15 + 1 = 36.
        assert_eq!(d.points, Change { before: 45, after: 36 });
        assert_eq!(d.wins, Change { before: 10, after: 12 });
        assert_eq!(d.losses, Change { before: 0, after: 1 });
        assert!(!d.is_empty());
        assert!(diff(&after, &after).is_empty());
    }
}
