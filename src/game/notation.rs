//! A compact position notation for the adviser.
//!
//! `BOARD;MINE;THEIRS`, the player to move:
//!
//! * BOARD: the 16 cells row by row from the top left, rows optionally separated by `/`.
//!   `.` an empty cell, `#` a block, a letter a card: `a`–`e` my cards 1–5 (hand order),
//!   `f`–`j` the opponent's cards 1–5; lower case when the card is on my side (blue) now, upper
//!   case when it is on the opponent's side (red).
//! * MINE and THEIRS: five cards each, comma-separated, in hand order (cards already on the
//!   board included: the board letters refer to them). A card is `[ID:]STATS@ARROWS`:
//!   - ID (optional): the card's name or number 1..100; for an opponent card known by digits it
//!     narrows each band to what card creation can give that card;
//!   - STATS: the digits shown in game, `1P23` (atk, type P/M/X/A, pdef, mdef; each digit a band
//!     of 16 values), or exact values `138/X/53/90` (decimal, or hex with `0x`);
//!   - ARROWS: a hex mask (`0x54`) or compass points joined by `+` (`E+S+W`): N NE E SE S SW W
//!     NW.
//!
//! Example: `#.../.a../..../....;138/X/53/90@E+S,...` (see `quadmist advise --help`).

use crate::game::board::{Board, Side, BLOCK, EMPTY};
use crate::game::card::{GameCard, Span};
use crate::model::{catalogue, CardType};
use crate::rules::dealt::{self, NotDealt, Origin, Shown, ShownCard};

/// A parsed position: the ten cards and the board, the player to move.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// Slots 0..=4 mine, 5..=9 the opponent's.
    pub cards: [GameCard; 10],
    /// Board, hands; the player to move.
    pub board: Board,
}

/// Why a position, a hand or a card in the notation could not be read; each message says what
/// to write instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// `0x..` that is not a byte.
    #[error("`{0}` is not an arrow mask 0x00..0xFF")]
    ArrowMask(String),
    /// An arrow that is not one of the eight compass points.
    #[error("`{0}` is not a compass point (N NE E SE S SW W NW)")]
    CompassPoint(String),
    /// An exact stat that is not a number 0..=255.
    #[error("`{0}` is not a stat 0..255")]
    Stat(String),
    /// A type that is not P, M, X or A.
    #[error("`{0}` is not a type (P, M, X, A)")]
    Type(String),
    /// A card without `@ARROWS`.
    #[error("`{0}` has no arrows (write them after `@`, e.g. @E+S)")]
    NoArrows(String),
    /// An ID that names no card.
    #[error("`{0}` is not a card name or number 1..100")]
    CardName(String),
    /// Stats that are neither four digits nor four `/`-separated values.
    #[error("`{0}` is neither digits like 1P23 nor stats like 138/X/53/90")]
    Stats(String),
    /// A stat digit that is not hexadecimal.
    #[error("`{0}` is not a hex digit 0..F")]
    Digit(char),
    /// A card of a hand (`who` names the hand) could not be read.
    #[error("{who}: {error}")]
    Hand {
        /// The hand, as the player knows it (`my cards`, `--hand`).
        who: String,
        /// Why its card could not be read.
        error: Box<PositionError>,
    },
    /// An opponent card no opponent can hold (its digits are those of no card).
    #[error(transparent)]
    NotDealt(#[from] NotDealt),
    /// A hand without exactly five cards.
    #[error("{who}: five cards are needed, {given} given")]
    HandSize {
        /// The hand, as the player knows it.
        who: String,
        /// Cards given.
        given: usize,
    },
    /// A board section without 16 cells.
    #[error("the board needs 16 cells, {0} given")]
    BoardSize(usize),
    /// A card letter on two cells.
    #[error("card `{0}` stands on two cells")]
    CardTwice(char),
    /// A board character that is no cell.
    #[error("`{0}` is not a cell (. # a-e f-j, upper case: red)")]
    Cell(char),
    /// Card counts on the board that cannot be with the player to move.
    #[error(
        "with me to move, the opponent has placed as many cards as I have or one more \
         (I have placed {mine}, the opponent {theirs})"
    )]
    Placed {
        /// Cards the player has placed.
        mine: u32,
        /// Cards the opponent has placed.
        theirs: u32,
    },
    /// A full board or a player with all five cards placed.
    #[error("no card is left for me to place")]
    NothingToPlace,
    /// Not three `;`-separated sections.
    #[error("a position is BOARD;MINE;THEIRS (three parts separated by `;`)")]
    Sections,
}

const COMPASS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// Parses an arrow mask: `0x54` or compass points joined by `+`.
pub fn parse_arrows(s: &str) -> Result<u8, PositionError> {
    let s = s.trim();
    if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        return u8::from_str_radix(hex, 16).map_err(|_| PositionError::ArrowMask(s.to_string()));
    }
    if s == "-" || s.is_empty() {
        return Ok(0);
    }
    let mut mask = 0u8;
    for p in s.split('+') {
        let p = p.trim().to_ascii_uppercase();
        let d = COMPASS
            .iter()
            .position(|c| *c == p)
            .ok_or_else(|| PositionError::CompassPoint(p.clone()))?;
        mask |= 1 << d;
    }
    Ok(mask)
}

/// Writes an arrow mask as compass points (`E+S+W`), `-` for none.
pub fn arrows_text(mask: u8) -> String {
    let v: Vec<&str> = (0..8).filter(|d| mask & (1 << d) != 0).map(|d| COMPASS[d]).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join("+")
    }
}

fn parse_value(s: &str) -> Result<u8, PositionError> {
    let s = s.trim();
    let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u8::from_str_radix(h, 16)
    } else {
        s.parse::<u8>()
    };
    v.map_err(|_| PositionError::Stat(s.to_string()))
}

fn parse_type(s: &str) -> Result<CardType, PositionError> {
    let mut ch = s.trim().chars();
    match (ch.next(), ch.next()) {
        (Some(c), None) => {
            CardType::from_letter(c).ok_or_else(|| PositionError::Type(c.to_string()))
        }
        _ => Err(PositionError::Type(s.to_string())),
    }
}

/// A card as written: its id, type, the three stats (digits or exact) and arrows.
struct Written {
    id: Option<u8>,
    card_type: CardType,
    stats: [Shown; 3],
    arrows: u8,
}

fn parse_written(text: &str) -> Result<Written, PositionError> {
    let text = text.trim();
    let (body, arrows) =
        text.rsplit_once('@').ok_or_else(|| PositionError::NoArrows(text.to_string()))?;
    let arrows = parse_arrows(arrows)?;
    let (id, stats) = match body.split_once(':') {
        Some((name, stats)) => {
            let info =
                catalogue::find(name).ok_or_else(|| PositionError::CardName(name.to_string()))?;
            (Some(info.id), stats)
        }
        None => (None, body),
    };
    let parts: Vec<&str> = stats.split('/').collect();
    if parts.len() == 4 {
        let card_type = parse_type(parts[1])?;
        let stats = [
            Shown::Exact(parse_value(parts[0])?),
            Shown::Exact(parse_value(parts[2])?),
            Shown::Exact(parse_value(parts[3])?),
        ];
        return Ok(Written { id, card_type, stats, arrows });
    }
    let chars: Vec<char> = stats.trim().chars().collect();
    if chars.len() != 4 {
        return Err(PositionError::Stats(stats.to_string()));
    }
    let digit =
        |c: char| c.to_digit(16).map(|d| Shown::Digit(d as u8)).ok_or(PositionError::Digit(c));
    Ok(Written {
        id,
        card_type: parse_type(&chars[1].to_string())?,
        stats: [digit(chars[0])?, digit(chars[2])?, digit(chars[3])?],
        arrows,
    })
}

impl Written {
    /// The card, each band narrowed to what a card of its id and `origin` can have.
    fn card(&self, origin: Origin) -> GameCard {
        let info = self.id.and_then(catalogue::info);
        let span = |s: usize| match self.stats[s] {
            Shown::Exact(v) => Span::exact(v),
            Shown::Digit(d) => {
                let band = Span::digit(d);
                match info {
                    Some(i) => {
                        let (lo, hi) = dealt::range(i, s, origin);
                        band.within(lo, hi)
                    }
                    None => band,
                }
            }
        };
        GameCard {
            id: self.id,
            card_type: self.card_type,
            arrows: self.arrows,
            atk: span(0),
            pdef: span(1),
            mdef: span(2),
        }
    }

    fn shown(&self) -> ShownCard {
        ShownCard { id: self.id, card_type: self.card_type, stats: self.stats }
    }
}

/// Parses one card `[ID:]STATS@ARROWS`. With an ID, a stat given by its digit is narrowed to
/// what card creation gives that card.
pub fn parse_card(text: &str) -> Result<GameCard, PositionError> {
    Ok(parse_written(text)?.card(Origin::Created))
}

/// Parses one card of an opponent's hand, refusing a card no opponent can hold
/// ([`dealt::check`]: `FP99` is no card). With an ID, a stat given by its digit is narrowed
/// to what that card can have: as created, or grown when only a card the player lost can
/// show it.
pub fn parse_their_card(text: &str) -> Result<GameCard, PositionError> {
    let w = parse_written(text)?;
    let origin = dealt::check(&w.shown())?;
    Ok(w.card(origin))
}

/// Writes a card back in the notation.
pub fn card_text(c: &GameCard) -> String {
    let stats = if c.is_exact() {
        format!("{}/{}/{}/{}", c.atk.lo, c.card_type.letter(), c.pdef.lo, c.mdef.lo)
    } else {
        c.digits()
    };
    match c.id {
        Some(id) => format!("{}:{stats}@{}", u32::from(id) + 1, arrows_text(c.arrows)),
        None => format!("{stats}@{}", arrows_text(c.arrows)),
    }
}

/// Parses five comma-separated cards (`who` names them in messages).
pub fn parse_hand(s: &str, who: &str) -> Result<Vec<GameCard>, PositionError> {
    hand_of(s, who, parse_card)
}

/// Parses an opponent's five comma-separated cards ([`parse_their_card`] each).
pub fn parse_their_hand(s: &str, who: &str) -> Result<Vec<GameCard>, PositionError> {
    hand_of(s, who, parse_their_card)
}

fn hand_of(
    s: &str,
    who: &str,
    card: fn(&str) -> Result<GameCard, PositionError>,
) -> Result<Vec<GameCard>, PositionError> {
    let hand = |error| PositionError::Hand { who: who.to_string(), error: Box::new(error) };
    if s.trim().is_empty() {
        return Err(PositionError::HandSize { who: who.to_string(), given: 0 });
    }
    let cards: Vec<GameCard> = s.split(',').map(card).collect::<Result<_, _>>().map_err(hand)?;
    if cards.len() != 5 {
        return Err(PositionError::HandSize { who: who.to_string(), given: cards.len() });
    }
    Ok(cards)
}

/// Parses the board section alone: the cells and who owns what (the player to move).
pub fn parse_board(s: &str) -> Result<Board, PositionError> {
    let cells: Vec<char> = s.chars().filter(|c| *c != '/' && !c.is_whitespace()).collect();
    if cells.len() != 16 {
        return Err(PositionError::BoardSize(cells.len()));
    }
    let mut board = Board::new(0, Side::Player);
    let mut seen = 0u16;
    for (i, &c) in cells.iter().enumerate() {
        match c {
            '.' => board.cells[i] = EMPTY,
            '#' => board.cells[i] = BLOCK,
            'a'..='j' | 'A'..='J' => {
                let slot = (c.to_ascii_lowercase() as u8) - b'a';
                if seen & (1 << slot) != 0 {
                    return Err(PositionError::CardTwice(c));
                }
                seen |= 1 << slot;
                let side = if c.is_ascii_uppercase() { Side::Npc } else { Side::Player };
                board.put(slot, i as u8, side);
            }
            other => return Err(PositionError::Cell(other)),
        }
    }
    let mine = (seen & 0b11111).count_ones();
    let theirs = (seen >> 5).count_ones();
    if !(mine == theirs || theirs == mine + 1) {
        return Err(PositionError::Placed { mine, theirs });
    }
    if board.cells.iter().all(|&c| c != EMPTY) || mine == 5 {
        return Err(PositionError::NothingToPlace);
    }
    Ok(board)
}

/// Parses `BOARD;MINE;THEIRS`. `mine` replaces the MINE section when given (cards from a save;
/// the section may then be `*`).
pub fn parse(text: &str, mine: Option<[GameCard; 5]>) -> Result<Position, PositionError> {
    let parts: Vec<&str> = text.split(';').collect();
    if parts.len() != 3 {
        return Err(PositionError::Sections);
    }
    let board = parse_board(parts[0])?;
    let my_cards = match mine {
        Some(c) => c.to_vec(),
        None => parse_hand(parts[1], "my cards")?,
    };
    let theirs = parse_their_hand(parts[2], "the opponent's cards")?;
    let mut cards = [GameCard::exact(None, 0, CardType::Physical, 0, 0, 0); 10];
    cards[..5].copy_from_slice(&my_cards);
    cards[5..].copy_from_slice(&theirs);
    Ok(Position { cards, board })
}

/// The board section of a position.
pub fn board_text(board: &Board) -> String {
    let mut s = String::new();
    for (i, &c) in board.cells.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            s.push('/');
        }
        s.push(match c {
            EMPTY => '.',
            BLOCK => '#',
            slot => {
                let l = (b'a' + slot) as char;
                if board.side(slot) == Side::Npc {
                    l.to_ascii_uppercase()
                } else {
                    l
                }
            }
        });
    }
    s
}

/// A cell's name for a person: column A–D (left to right) and row 1–4 (top to bottom), `B2`.
pub fn cell_name(cell: u8) -> String {
    format!("{}{}", (b'A' + cell % 4) as char, cell / 4 + 1)
}

/// True when some card's stats are not exact.
pub fn has_bands(cards: &[GameCard; 10]) -> bool {
    cards.iter().any(|c| !c.is_exact())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::card::Span;

    #[test]
    fn cards_and_arrows_parse() {
        assert_eq!(parse_arrows("E+S+W").unwrap(), 0x54);
        assert_eq!(parse_arrows("0x54").unwrap(), 0x54);
        assert_eq!(parse_arrows("n+ne").unwrap(), 0x03);
        assert!(parse_arrows("Q").is_err());
        let c = parse_card("138/X/0x35/90@N").unwrap();
        assert_eq!(
            (c.atk, c.pdef, c.mdef, c.arrows),
            (Span::exact(138), Span::exact(53), Span::exact(90), 1)
        );
        let c = parse_card("1P23@-").unwrap();
        assert_eq!(
            (c.atk, c.pdef, c.mdef),
            (Span { lo: 16, hi: 31 }, Span { lo: 32, hi: 47 }, Span { lo: 48, hi: 63 })
        );
        // Goblin (number 1): table atk 11 → created 5..9; digit 0 → 5..9.
        let c = parse_card("1:0P00@N").unwrap();
        assert_eq!(c.id, Some(0));
        let (lo, hi) = crate::rules::creation::stat_range(catalogue::CATALOGUE[0].max_atk);
        assert_eq!(c.atk, Span { lo, hi });
        assert_eq!(card_text(&parse_card("138/X/53/90@E+S").unwrap()), "138/X/53/90@E+S");
    }

    #[test]
    fn positions_parse_and_print() {
        let hand = "1P11@N,1P11@N,1P11@N,1P11@N,1P11@N";
        let p = parse(&format!("#.../.a../..F./....;{hand};{hand}"), None).unwrap();
        assert_eq!(p.board.cells[0], BLOCK);
        assert_eq!(p.board.cells[5], 0);
        assert_eq!(p.board.cells[10], 5);
        assert_eq!(p.board.side(5), Side::Npc);
        assert_eq!(p.board.hand(Side::Player).count_ones(), 4);
        assert_eq!(board_text(&p.board), "#.../.a../..F./....");
        assert!(parse(&format!("a.../..../..../....;{hand};{hand}"), None).is_err(), "my turn?");
        assert!(parse("................;x;y", None).is_err());
        assert_eq!(cell_name(6), "C2");
    }

    #[test]
    fn an_opponent_card_no_opponent_holds_is_refused_with_the_reason() {
        let ok = "0P00@N,0P00@N,0P00@N,0P00@N,0P00@N";
        let board = "a.../F.../..../....";
        let e =
            parse(&format!("{board};{ok};FP99@N,0P00@N,0P00@N,0P00@N,0P00@N"), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the opponent's cards: no card can show FP99: only Hades, Excalibur II and Ultima \
             Weapon have that attack, and none of them can show the rest"
        );
        // My own cards come from a save, edited ones included: not checked.
        assert!(parse(&format!("{board};FP99@N,0P00@N,0P00@N,0P00@N,0P00@N;{ok}"), None).is_ok());
        // A named card's digit out of its range; exact stats no card has.
        let e = parse_their_card("Goblin:1P00@N").unwrap_err();
        assert_eq!(
            e.to_string(),
            "Goblin cannot show attack digit 1: its attack is 3 to 7 (digit 0)"
        );
        assert!(parse_their_card("250/P/250/250@N").is_err());
        // An A card is one the player lost, grown: its band narrowed to 3..7, not 3..5.
        let c = parse_their_card("Goblin:0A00@N").unwrap();
        assert_eq!(c.atk, Span { lo: 3, hi: 7 });
        assert_eq!(parse_their_card("Goblin:0P00@N").unwrap().atk, Span { lo: 3, hi: 5 });
        // An empty hand says so.
        let e = parse_hand(" ", "my cards").unwrap_err();
        assert_eq!(e.to_string(), "my cards: five cards are needed, 0 given");
    }

    #[test]
    fn position_errors_read_as_the_messages_players_saw() {
        // The texts the String errors carried before the typed errors, written out by hand.
        let e = parse_hand("1P23@E,1P2@E", "--hand").unwrap_err();
        assert_eq!(
            e.to_string(),
            "--hand: `1P2` is neither digits like 1P23 nor stats like 138/X/53/90"
        );
        let e = parse_hand("1P23@E", "--theirs").unwrap_err();
        assert_eq!(e.to_string(), "--theirs: five cards are needed, 1 given");
        let e = parse_board("ab../..../..../....").unwrap_err();
        assert_eq!(
            e.to_string(),
            "with me to move, the opponent has placed as many cards as I have or one more \
             (I have placed 2, the opponent 0)"
        );
        assert_eq!(parse("x", None).unwrap_err(), PositionError::Sections);
    }
}
