//! The board, the hands and the mechanics of one turn (tetra-master-match §1.1, §2).
//!
//! Ten card slots: 0..=4 are the player's hand in hand order, 5..=9 the opponent's (NPC's).
//! A slot keeps its number all match; a bit mask says which side (colour) each slot is on now.
//! The board is deterministic given the battle outcomes, which the caller supplies.

use serde::Serialize;

/// A cell holding nothing.
pub const EMPTY: u8 = 0xFF;
/// A blocked cell.
pub const BLOCK: u8 = 0xFE;
/// The player's five slots.
pub const PLAYER_SLOTS: u16 = 0b00000_11111;
/// The opponent's five slots.
pub const NPC_SLOTS: u16 = 0b11111_00000;

/// A side of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player (blue).
    Player,
    /// The opponent, the game's NPC (red).
    Npc,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Player => Side::Npc,
            Side::Npc => Side::Player,
        }
    }

    /// The slots this side starts with.
    pub fn slots(self) -> u16 {
        match self {
            Side::Player => PLAYER_SLOTS,
            Side::Npc => NPC_SLOTS,
        }
    }
}

/// (dx, dy) of arrow bit 0..7: N, NE, E, SE, S, SW, W, NW (y grows downward).
pub const DIRECTIONS: [(i8, i8); 8] =
    [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// The neighbour of each cell (x + 4·y) in each direction, or `EMPTY` off the board.
pub const NEIGHBOURS: [[u8; 8]; 16] = neighbours();

const fn neighbours() -> [[u8; 8]; 16] {
    let mut t = [[EMPTY; 8]; 16];
    let mut cell = 0;
    while cell < 16 {
        let (x, y) = ((cell % 4) as i8, (cell / 4) as i8);
        let mut d = 0;
        while d < 8 {
            let (nx, ny) = (x + DIRECTIONS[d].0, y + DIRECTIONS[d].1);
            if nx >= 0 && nx < 4 && ny >= 0 && ny < 4 {
                t[cell][d] = (nx + 4 * ny) as u8;
            }
            d += 1;
        }
        cell += 1;
    }
    t
}

/// The opposite arrow mask (the game swaps the nibbles, `CardArrow.Reverse`).
pub fn reverse(mask: u8) -> u8 {
    mask.rotate_left(4)
}

/// The interaction of card A with a neighbour B lying in direction `d` from A: 2 if both point
/// at each other, 1 if only A points at B, −1 if only B points at A, 0 otherwise.
pub fn interaction(a: u8, b: u8, d: usize) -> i8 {
    let at = a & (1 << d) != 0;
    let back = b & (1 << ((d + 4) % 8)) != 0;
    match (at, back) {
        (true, true) => 2,
        (true, false) => 1,
        (false, true) => -1,
        (false, false) => 0,
    }
}

/// The board, both hands and the side to move. Card types are not kept here: a card's type
/// matters only when it attacks, which happens in its own placement turn ([`Turn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Each cell (x + 4·y): a slot 0..9, [`EMPTY`] or [`BLOCK`].
    pub cells: [u8; 16],
    /// Bit s set: slot s is on the NPC's (red) side now.
    pub red: u16,
    /// Bit s set: slot s is still in its owner's hand.
    pub hands: u16,
    /// Bit s set: slot s is on the board.
    pub placed: u16,
    /// The side to place a card next.
    pub mover: Side,
}

/// The turn in progress after a placement: the battles still to fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The placed card's slot.
    pub attacker: u8,
    /// The cell it was placed on.
    pub cell: u8,
    /// Remaining battle targets (slots), in direction order N, NE, …, NW.
    targets: [u8; 8],
    len: u8,
    /// Free captures still pending (slot mask): they flip after the first battle won.
    pub pending: u16,
    /// Battles fought so far in this turn.
    pub battles: u8,
}

impl Turn {
    /// The remaining battle targets, in direction order.
    pub fn targets(&self) -> &[u8] {
        &self.targets[..self.len as usize]
    }

    /// True when no battle remains: the turn is over.
    pub fn is_over(&self) -> bool {
        self.len == 0
    }

    fn remove(&mut self, slots: u16) {
        let mut k = 0;
        for i in 0..self.len as usize {
            let s = self.targets[i];
            if slots & (1 << s) == 0 {
                self.targets[k] = s;
                k += 1;
            }
        }
        self.len = k as u8;
    }
}

impl Board {
    /// An empty board with these blocked cells, both full hands, and the first mover.
    pub fn new(blocks: u16, first: Side) -> Board {
        let mut cells = [EMPTY; 16];
        for (i, c) in cells.iter_mut().enumerate() {
            if blocks & (1 << i) != 0 {
                *c = BLOCK;
            }
        }
        Board { cells, red: NPC_SLOTS, hands: PLAYER_SLOTS | NPC_SLOTS, placed: 0, mover: first }
    }

    /// The side slot `s` is on now.
    pub fn side(&self, s: u8) -> Side {
        if self.red & (1 << s) != 0 {
            Side::Npc
        } else {
            Side::Player
        }
    }

    fn set_side(&mut self, slots: u16, side: Side) {
        match side {
            Side::Npc => self.red |= slots,
            Side::Player => self.red &= !slots,
        }
    }

    /// Board cards of each side: (player, NPC).
    pub fn score(&self) -> (u32, u32) {
        let placed = self.placed;
        ((placed & !self.red).count_ones(), (placed & self.red).count_ones())
    }

    /// The cards still in `side`'s hand (slot mask, in hand order by bit).
    pub fn hand(&self, side: Side) -> u16 {
        self.hands & side.slots()
    }

    /// Free cells as a bit mask.
    pub fn free_cells(&self) -> u16 {
        let mut m = 0;
        for (i, &c) in self.cells.iter().enumerate() {
            if c == EMPTY {
                m |= 1 << i;
            }
        }
        m
    }

    /// Blocked cells as a bit mask.
    pub fn blocks(&self) -> u16 {
        let mut m = 0;
        for (i, &c) in self.cells.iter().enumerate() {
            if c == BLOCK {
                m |= 1 << i;
            }
        }
        m
    }

    /// Cards left to place, both hands together.
    pub fn cards_left(&self) -> u32 {
        self.hands.count_ones()
    }

    /// True when no card is left in either hand.
    pub fn is_over(&self) -> bool {
        self.hands == 0
    }

    /// Puts a card on a cell outside the normal flow (to set up a position): it leaves the
    /// hand, stands on `cell` and is on side `side`.
    pub fn put(&mut self, slot: u8, cell: u8, side: Side) {
        self.cells[cell as usize] = slot;
        self.hands &= !(1 << slot);
        self.placed |= 1 << slot;
        self.set_side(1 << slot, side);
    }

    /// Battle targets (slots, direction order) and free captures (slot mask) of a card with
    /// `arrows` owned by `side` standing on `cell` (§2.3).
    pub fn classify(
        &self,
        arrows_of: &[u8; 10],
        side: Side,
        arrows: u8,
        cell: u8,
    ) -> ([u8; 8], u8, u16) {
        let (mut targets, mut len, mut free) = ([0u8; 8], 0u8, 0u16);
        for (d, &n) in NEIGHBOURS[cell as usize].iter().enumerate() {
            if n == EMPTY {
                continue;
            }
            let s = self.cells[n as usize];
            if s >= 10 || self.side(s) == side {
                continue;
            }
            match interaction(arrows, arrows_of[s as usize], d) {
                2 => {
                    targets[len as usize] = s;
                    len += 1;
                }
                1 => free |= 1 << s,
                _ => {}
            }
        }
        (targets, len, free)
    }

    /// Puts slot `slot` (in the mover's hand) on free cell `cell` and classifies its neighbours.
    /// With no battle target the free captures flip at once and the turn ends (the mover
    /// changes); otherwise the returned turn holds the battles to fight. Panics if the slot is
    /// not in the mover's hand or the cell is not free (callers pass legal moves).
    pub fn place(&mut self, arrows_of: &[u8; 10], slot: u8, cell: u8) -> Turn {
        assert!(self.hand(self.mover) & (1 << slot) != 0, "slot {slot} is not in the mover's hand");
        assert!(self.cells[cell as usize] == EMPTY, "cell {cell} is not free");
        self.cells[cell as usize] = slot;
        self.hands &= !(1 << slot);
        self.placed |= 1 << slot;
        let side = self.side(slot);
        let (targets, len, pending) =
            self.classify(arrows_of, side, arrows_of[slot as usize], cell);
        let turn = Turn { attacker: slot, cell, targets, len, pending, battles: 0 };
        if len == 0 {
            self.set_side(pending, side);
            self.mover = self.mover.other();
        }
        turn
    }

    /// The neighbours `card` points at that are on side `side` (`on_side`) or not on it.
    fn combo(&self, arrows_of: &[u8; 10], card: u8, side: Side, on_side: bool) -> u16 {
        let cell = self.cells.iter().position(|&c| c == card).unwrap_or(0);
        let arrows = arrows_of[card as usize];
        let mut m = 0;
        for (d, &n) in NEIGHBOURS[cell].iter().enumerate() {
            if arrows & (1 << d) == 0 {
                continue;
            }
            if n == EMPTY {
                continue;
            }
            let s = self.cells[n as usize];
            if s < 10 && (self.side(s) == side) == on_side {
                m |= 1 << s;
            }
        }
        m
    }

    /// Fights the battle against target `defender` (one of `turn.targets()`) with the given
    /// outcome, and applies its consequences (§2.5): the loser flips; on a win the defender's
    /// combo and, after the first battle, the pending free captures; on a loss the attacker's
    /// combo, and the turn ends. Returns the slots that changed side. When the turn is over the
    /// mover changes.
    pub fn battle(
        &mut self,
        arrows_of: &[u8; 10],
        turn: &mut Turn,
        defender: u8,
        won: bool,
    ) -> u16 {
        debug_assert!(turn.targets().contains(&defender));
        let side = self.side(turn.attacker);
        let before = self.red;
        turn.battles += 1;
        if won {
            let combo = self.combo(arrows_of, defender, side, false);
            let free = turn.pending & !combo;
            self.set_side(1 << defender, side);
            self.set_side(combo, side);
            self.set_side(free, side);
            turn.pending = 0;
            turn.remove((1 << defender) | combo);
        } else {
            let combo = self.combo(arrows_of, turn.attacker, side, true);
            let other = side.other();
            self.set_side(1 << turn.attacker, other);
            self.set_side(combo, other);
            turn.pending = 0;
            turn.len = 0;
        }
        if turn.is_over() {
            self.mover = self.mover.other();
        }
        self.red ^ before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_interactions_follow_t1() {
        assert_eq!(reverse(0x05), 0x50);
        // A at (1,1) 0x05, B at (2,1) (E, bit 2) 0x40.
        assert_eq!(interaction(0x05, 0x40, 2), 2);
        assert_eq!(interaction(0x05, 0x00, 2), 1);
        assert_eq!(interaction(0x00, 0x40, 2), -1);
        assert_eq!(interaction(0x00, 0x00, 2), 0);
        let cell = |x: u8, y: u8| x + 4 * y;
        let expected = [
            cell(1, 0),
            cell(2, 0),
            cell(2, 1),
            cell(2, 2),
            cell(1, 2),
            cell(0, 2),
            cell(0, 1),
            cell(0, 0),
        ];
        assert_eq!(NEIGHBOURS[cell(1, 1) as usize], expected);
        assert_eq!(NEIGHBOURS[0], [EMPTY, EMPTY, 1, 5, 4, EMPTY, EMPTY, EMPTY]);
    }
}
