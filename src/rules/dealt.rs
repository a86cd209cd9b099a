//! What a card in an opponent's hand can show: the check that refuses a card no opponent can
//! hold (`FP99`), and what is left to choose once part of a card is known (its name, its first
//! characters), for an entry that offers only what can be.
//!
//! An opponent's five cards are created when the match is set up, by the same routine as every
//! card (tetra-master-rules §6, tetra-master-match §1.4): each stat uniform on
//! `⌊max/2⌋ ..= 2·⌊max/2⌋ − 1`, the type the card's default or X, never A. One exception
//! (tetra-master-match §1.5): after an opponent took one of the player's cards, that card is put
//! back into one of the next opponent hands as the player had it, grown up to its caps and
//! possibly evolved to A ([`Origin::Returned`]). A card is accepted when either can give it.
//!
//! P and M are both accepted for every card: the PlayStation deals an opponent's cards with
//! the types of its NPC table, whose values are not known (genuine saves hold M copies of P
//! cards won from opponents, tetra-master-rules §6, §14).

use crate::model::catalogue::{CardInfo, CATALOGUE};
use crate::model::CardType;
use crate::rules::creation::stat_range;

/// How an opponent came to hold a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Origin {
    /// Created for this match (every opponent card but one returned).
    Created,
    /// One of the player's cards, lost to an opponent earlier and put back into this hand: its
    /// stats grown up to the caps, its type possibly A.
    Returned,
}

/// The three stats, in the order the game shows their digits (attack, then the two defences).
pub const STAT_NAMES: [&str; 3] = ["attack", "physical defence", "magic defence"];

/// One stat as the player knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shown {
    /// The digit the game shows: one of the 16 values `16·d ..= 16·d + 15`.
    Digit(u8),
    /// The exact value (a battle showed it).
    Exact(u8),
}

impl Shown {
    /// The values it stands for.
    pub fn values(self) -> (u8, u8) {
        match self {
            Shown::Digit(d) => {
                let lo = d.min(15) << 4;
                (lo, lo | 0x0F)
            }
            Shown::Exact(v) => (v, v),
        }
    }

    fn meets(self, (lo, hi): (u8, u8)) -> bool {
        let (a, b) = self.values();
        a <= hi && lo <= b
    }
}

/// A card as the player sees it in an opponent's hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShownCard {
    /// Its catalogue id, when the player named it.
    pub id: Option<u8>,
    /// Its type letter.
    pub card_type: CardType,
    /// Attack, physical defence, magic defence.
    pub stats: [Shown; 3],
}

/// The values a stat (0 attack, 1 physical, 2 magic defence) of this card can have in an
/// opponent's hand, by origin: created (`⌊max/2⌋ ..= 2·⌊max/2⌋ − 1`) or returned (grown from
/// there up to the cap).
pub fn range(info: &CardInfo, stat: usize, origin: Origin) -> (u8, u8) {
    let max = [info.max_atk, info.max_pdef, info.max_mdef][stat.min(2)];
    let (lo, hi) = stat_range(max);
    match origin {
        Origin::Created => (lo, hi),
        Origin::Returned => (lo, max.max(hi)),
    }
}

/// True when an opponent can hold a card of type `t` with this origin (whatever the card:
/// P and M are both accepted, see the module's doc).
pub fn type_possible(t: CardType, origin: Origin) -> bool {
    match t {
        CardType::Physical | CardType::Magic | CardType::Flexible => true,
        CardType::Assault => origin == Origin::Returned,
        CardType::Unknown(_) => false,
    }
}

/// True when this catalogue card, with this origin, can show `card`.
pub fn fits(info: &CardInfo, card: &ShownCard, origin: Origin) -> bool {
    card.id.is_none_or(|id| id == info.id)
        && type_possible(card.card_type, origin)
        && (0..3).all(|s| card.stats[s].meets(range(info, s, origin)))
}

/// Why no opponent can hold a card; its text says what to check.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotDealt {
    /// A named card whose stat is outside what that card can have.
    #[error("{name} cannot show {stat} {shown}: its {stat} is {lo} to {hi} ({digits})")]
    Stat {
        /// The card's name.
        name: &'static str,
        /// The stat, in words.
        stat: &'static str,
        /// What was given: `digit 1` or `200`.
        shown: String,
        /// The lowest value it can have.
        lo: u8,
        /// The highest.
        hi: u8,
        /// The digits those values show: `digit 0`, `digits 1 to 3`.
        digits: String,
    },
    /// A type the card cannot have (A on a card no player could have lost, or no type).
    #[error("an opponent's {name} cannot be of type {letter}: {why}")]
    Type {
        /// The card's name, or `card` when unnamed.
        name: &'static str,
        /// The letter given.
        letter: char,
        /// Why.
        why: &'static str,
    },
    /// No catalogue card shows these four characters; `why` says which of them no card
    /// shows together.
    #[error("no card can show {shown}: {why}")]
    NoCard {
        /// The card as given (`FP99`, `250/P/200/20`).
        shown: String,
        /// Why: the only cards with its rarest stat (at most three), else the two stats no card
        /// has together, else that no card has all three.
        why: String,
    },
}

/// A stat as given, in words: `digit 3` or `200`.
fn shown_words(shown: Shown) -> String {
    match shown {
        Shown::Digit(d) => format!("digit {d:X}"),
        Shown::Exact(v) => v.to_string(),
    }
}

/// Why no card shows `card`'s three stats: the fewest cards one stat leaves when they are at
/// most three (the most telling answer), else the first two stats no card has together.
fn no_card_why(card: &ShownCard) -> String {
    // A card in play has a stat from its creation's lowest up to its cap (grown, returned).
    let meets = |i: &CardInfo, s: usize| {
        let (lo, _) = range(i, s, Origin::Created);
        let (_, hi) = range(i, s, Origin::Returned);
        card.stats[s].meets((lo, hi))
    };
    let with = |s: usize| -> Vec<&'static str> {
        CATALOGUE.iter().filter(|i| meets(i, s)).map(|i| i.name).collect()
    };
    let (stat, few) =
        (0..3).map(|s| (s, with(s))).min_by_key(|(_, c)| c.len()).unwrap_or((0, Vec::new()));
    let stat = STAT_NAMES[stat];
    match few.as_slice() {
        [] => return format!("no card has that {stat}"),
        [one] => return format!("only {one} has that {stat}, and it cannot show the rest"),
        [rest @ .., last] if few.len() <= 3 => {
            return format!(
                "only {} and {last} have that {stat}, and none of them can show the rest",
                rest.join(", ")
            )
        }
        _ => {}
    }
    let words = |s: usize| format!("{} {}", STAT_NAMES[s], shown_words(card.stats[s]));
    // The pair of stats the fewest cards have together (the third is the one left).
    let pairs = [(0, 1, 2), (0, 2, 1), (1, 2, 0)].map(|(a, b, c)| {
        let both: Vec<&str> =
            CATALOGUE.iter().filter(|i| meets(i, a) && meets(i, b)).map(|i| i.name).collect();
        (a, b, c, both)
    });
    let Some((a, b, c, both)) = pairs.into_iter().min_by_key(|p| p.3.len()) else {
        return "no card has these three stats together".into();
    };
    match both.as_slice() {
        [] => format!("no card with {} has {}", words(a), words(b)),
        [one] => format!("only {one} has {} and {}, and not {}", words(a), words(b), words(c)),
        [rest @ .., last] if both.len() <= 3 => format!(
            "only {} and {last} have {} and {}, and neither has {}",
            rest.join(", "),
            words(a),
            words(b),
            words(c)
        ),
        _ => "no card has these three stats together".into(),
    }
}

fn digits_text(lo: u8, hi: u8) -> String {
    let (a, b) = (lo >> 4, hi >> 4);
    if a == b {
        format!("digit {a:X}")
    } else {
        format!("digits {a:X} to {b:X}")
    }
}

fn shown_text(card: &ShownCard) -> String {
    let letter = card.card_type.letter();
    match card.stats {
        [Shown::Digit(a), Shown::Digit(p), Shown::Digit(m)] => format!("{a:X}{letter}{p:X}{m:X}"),
        [a, p, m] => {
            let v = |s: Shown| match s {
                Shown::Exact(v) => v.to_string(),
                Shown::Digit(d) => format!("digit {d:X}"),
            };
            format!("{}/{letter}/{}/{}", v(a), v(p), v(m))
        }
    }
}

/// Checks that an opponent can hold `card`: its origin (created whenever that can give it),
/// or why not.
pub fn check(card: &ShownCard) -> Result<Origin, NotDealt> {
    for origin in [Origin::Created, Origin::Returned] {
        if CATALOGUE.iter().any(|i| fits(i, card, origin)) {
            return Ok(origin);
        }
    }
    if let Some(info) = card.id.and_then(crate::model::catalogue::info) {
        if !type_possible(card.card_type, Origin::Returned) {
            return Err(NotDealt::Type {
                name: info.name,
                letter: card.card_type.letter(),
                why: "a card is P, M, X or A",
            });
        }
        // The first stat out of reach, with the widest range a card in play can have.
        for (s, (shown, stat)) in card.stats.iter().zip(STAT_NAMES).enumerate() {
            let (lo, _) = range(info, s, Origin::Created);
            let (_, hi) = range(info, s, Origin::Returned);
            if !shown.meets((lo, hi)) {
                return Err(NotDealt::Stat {
                    name: info.name,
                    stat,
                    shown: shown_words(*shown),
                    lo,
                    hi,
                    digits: digits_text(lo, hi),
                });
            }
        }
    }
    if !matches!(
        card.card_type,
        CardType::Physical | CardType::Magic | CardType::Flexible | CardType::Assault
    ) {
        return Err(NotDealt::Type {
            name: "card",
            letter: card.card_type.letter(),
            why: "a card is P, M, X or A",
        });
    }
    Err(NotDealt::NoCard { shown: shown_text(card), why: no_card_why(card) })
}

/// A card's four characters as the game shows them, some still unknown: attack digit, type
/// letter, physical and magic defence digits.
pub type Partial = [Option<char>; 4];

/// The catalogue cards an opponent can hold that match what is known: `id` when named, and the
/// characters given (`None` for not yet known).
pub fn cards_matching(id: Option<u8>, known: &Partial) -> Vec<&'static CardInfo> {
    CATALOGUE.iter().filter(|i| id.is_none_or(|n| n == i.id) && matches(i, known)).collect()
}

fn letter_type(c: char) -> Option<CardType> {
    CardType::from_letter(c)
}

fn matches(info: &CardInfo, known: &Partial) -> bool {
    [Origin::Created, Origin::Returned].iter().any(|&origin| {
        known.iter().enumerate().all(|(k, c)| match (k, c) {
            (_, None) => true,
            (1, Some(c)) => letter_type(*c).is_some_and(|t| type_possible(t, origin)),
            (k, Some(c)) => c.to_digit(16).is_some_and(|d| {
                Shown::Digit(d as u8).meets(range(info, if k == 0 { 0 } else { k - 1 }, origin))
            }),
        })
    })
}

/// The characters that can stand at `position` (0..=3) of a card with what else is known
/// (the character at `position` itself is ignored), in the game's order: the hex digits
/// `0`–`F`, or the type letters P, M, X, A.
pub fn choices(id: Option<u8>, known: &Partial, position: usize) -> Vec<char> {
    let mut rest = *known;
    if let Some(c) = rest.get_mut(position) {
        *c = None;
    }
    let all: Vec<char> =
        if position == 1 { vec!['P', 'M', 'X', 'A'] } else { "0123456789ABCDEF".chars().collect() };
    all.into_iter()
        .filter(|&c| {
            let mut k = rest;
            k[position.min(3)] = Some(c);
            !cards_matching(id, &k).is_empty()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::catalogue::find;

    fn digits(id: Option<&str>, s: &str) -> ShownCard {
        let c: Vec<char> = s.chars().collect();
        let d = |c: char| Shown::Digit(c.to_digit(16).unwrap() as u8);
        ShownCard {
            id: id.map(|n| find(n).unwrap().id),
            card_type: CardType::from_letter(c[1]).unwrap(),
            stats: [d(c[0]), d(c[2]), d(c[3])],
        }
    }

    #[test]
    fn an_impossible_card_says_which_of_its_stats_no_card_has_together() {
        // From cards.csv and the creation ranges (a stat from ⌊max/2⌋ up to its cap, grown):
        // 22 cards can have attack digit 0 (0..15), 37 physical defence digit 2 (32..47), and
        // none of those 22 has the second; for 0P31 two cards have attack digit 0 and
        // physical defence digit 3 (Genji: caps 10, 105, 175; Lindblum: 6, 100, 178), and
        // their magic defence starts at 87 and 89, never 16..31.
        let e = check(&digits(None, "0P21")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no card can show 0P21: no card with attack digit 0 has physical defence digit 2"
        );
        let e = check(&digits(None, "0P31")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no card can show 0P31: only Genji and Lindblum have attack digit 0 and physical \
             defence digit 3, and neither has magic defence digit 1"
        );
    }

    #[test]
    fn fp99_is_no_card() {
        // Attack digit F (240..255) needs a cap of at least 240: Hades (250, pdef cap 200,
        // mdef 20), Excalibur II (255, 180, 6) and Ultima Weapon (248, 24, 102) from
        // cards.csv. None reaches magic defence 144 (digit 9), grown or not.
        let e = check(&digits(None, "FP99")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no card can show FP99: only Hades, Excalibur II and Ultima Weapon have that \
             attack, and none of them can show the rest"
        );
    }

    #[test]
    fn a_named_card_shows_only_its_own_digits() {
        // Goblin: caps 7, 9, 4 → created 3..5, 4..7, 2..3; grown up to 7, 9, 4: digit 0 each.
        assert_eq!(check(&digits(Some("Goblin"), "0P00")), Ok(Origin::Created));
        let e = check(&digits(Some("Goblin"), "1P00")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Goblin cannot show attack digit 1: its attack is 3 to 7 (digit 0)"
        );
        // An A Goblin can only be one the player lost: accepted as such.
        assert_eq!(check(&digits(Some("Goblin"), "0A00")), Ok(Origin::Returned));
        // M for a P card: the PlayStation's NPC table may say so.
        assert_eq!(check(&digits(Some("Goblin"), "0M00")), Ok(Origin::Created));
    }

    #[test]
    fn grown_stats_are_a_returned_card() {
        // Excalibur II: atk cap 255 → created 127..253 (digits 7..F); exact 255 only grown.
        let mut c = digits(Some("Excalibur II"), "FP90");
        assert_eq!(check(&c), Ok(Origin::Created));
        c.stats[0] = Shown::Exact(255);
        assert_eq!(check(&c), Ok(Origin::Returned));
        c.stats[0] = Shown::Exact(100);
        assert_eq!(
            check(&c).unwrap_err().to_string(),
            "Excalibur II cannot show attack 100: its attack is 127 to 255 (digits 7 to F)"
        );
    }

    #[test]
    fn every_created_card_is_accepted_and_its_digits_offered() {
        // Every catalogue card at the two ends of each created range, in its default type and
        // X: accepted as created, and each of its characters offered by `choices`.
        for info in CATALOGUE {
            for pick in 0..8u8 {
                let v = |s: usize| {
                    let (lo, hi) = range(info, s, Origin::Created);
                    if pick & (1 << s) != 0 {
                        hi
                    } else {
                        lo
                    }
                };
                for t in [info.default_type, CardType::Flexible] {
                    let card = ShownCard {
                        id: None,
                        card_type: t,
                        stats: [
                            Shown::Digit(v(0) >> 4),
                            Shown::Digit(v(1) >> 4),
                            Shown::Digit(v(2) >> 4),
                        ],
                    };
                    assert_eq!(check(&card), Ok(Origin::Created), "{}", info.name);
                    let named = ShownCard { id: Some(info.id), ..card };
                    assert_eq!(check(&named), Ok(Origin::Created), "{}", info.name);
                    let chars: Vec<char> = shown_text(&card).chars().collect();
                    let known: Partial =
                        [Some(chars[0]), Some(chars[1]), Some(chars[2]), Some(chars[3])];
                    for (p, c) in chars.iter().enumerate() {
                        assert!(choices(Some(info.id), &known, p).contains(c));
                    }
                }
            }
        }
    }

    #[test]
    fn choices_narrow_to_what_the_named_card_can_show() {
        let goblin = find("Goblin").unwrap().id;
        let none: Partial = [None; 4];
        // Goblin's three digits are 0 whatever its origin; its type P, M, X, or A if returned.
        assert_eq!(choices(Some(goblin), &none, 0), vec!['0']);
        assert_eq!(choices(Some(goblin), &none, 1), vec!['P', 'M', 'X', 'A']);
        assert_eq!(choices(Some(goblin), &none, 3), vec!['0']);
        // Without a name, attack digit F leaves Hades, Excalibur II and Ultima Weapon: their
        let f: Partial = [Some('F'), None, None, None];
        // physical defence digits are 0 to 1 (Ultima Weapon, 12..24), 5 to B (Excalibur II,
        // 90..180) and 6 to C (Hades, 100..200).
        let pdef = choices(None, &f, 2);
        assert_eq!(pdef, "0156789ABC".chars().collect::<Vec<_>>());
        let names: Vec<&str> = cards_matching(None, &f).iter().map(|i| i.name).collect();
        assert_eq!(names, ["Hades", "Excalibur II", "Ultima Weapon"]);
        // F then 9 for the physical defence leaves Hades and Excalibur II, whose magic defence
        // digits are 0 to 1 (Hades, cap 20) and 0 (Excalibur II, cap 6).
        let f9: Partial = [Some('F'), None, Some('9'), None];
        assert_eq!(choices(None, &f9, 3), vec!['0', '1']);
    }
}
