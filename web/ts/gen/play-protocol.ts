// Generated from web/src/play_protocol.rs by `UPDATE_TS=1 cargo test -p quadmist-web typescript`: do not edit.
// The match companion's messages: its page, its adviser's worker and the WebAssembly.

export type WorkerStart = { 
/**
 * The module.
 */
module: WebAssembly.Module, };

export type AdviceRequest = { 
/**
 * The request's number (a reply to an older one is dropped).
 */
id: number, 
/**
 * The match ([`Companion::session_json`](quadmist::game::companion::Companion::session_json)).
 */
session: string, 
/**
 * The whole budget, milliseconds.
 */
budget_ms: number, 
/**
 * The first answer's budget, milliseconds.
 */
quick_ms: number, };

export type AdviceReply = { 
/**
 * The request's number.
 */
id: number, 
/**
 * The match searched.
 */
session: string, 
/**
 * The advice, the JSON of an [`Advice`](quadmist::game::companion::Advice) (kept as a
 * string: the page hands it back to the library as it came); empty when there is none.
 */
advice: string, 
/**
 * Why there is no advice, when the search could not be made.
 */
error: string | null, 
/**
 * The search's milliseconds.
 */
ms: number, 
/**
 * No better answer follows (the whole budget was searched, or the figures are exact).
 */
final: boolean, };

export type Advice = { 
/**
 * The session it answers ([`Companion::session_json`]): advice for another key is stale.
 */
key: string, 
/**
 * `place` (my move) or `target` (my card's first target).
 */
kind: string, 
/**
 * Every figure exact: the search reached the end of the match and every card is known
 * exactly.
 */
exact: boolean, 
/**
 * Why the figures are estimates, as `play` labels them (empty when exact).
 */
estimates: Array<string>, 
/**
 * Placements searched ahead.
 */
depth: number, 
/**
 * Positions searched.
 */
nodes: number, 
/**
 * The best move first, then at most two more.
 */
moves: Array<AdvisedMove>, };

export type AdvisedMove = { 
/**
 * The card's slot (0..=4 mine; for a target pick, the attacker's).
 */
slot: number, 
/**
 * The cell, x + 4·y.
 */
cell: number, 
/**
 * `card 2 (3P21) to B3`, or for a target pick `attack their 1P23 on C2 first`.
 */
text: string, 
/**
 * P(win).
 */
win: number, 
/**
 * P(draw).
 */
draw: number, 
/**
 * P(loss).
 */
loss: number, 
/**
 * Expected cards won.
 */
cards: number, 
/**
 * With the goal `keep`: P(the card is kept).
 */
keep?: number | null, 
/**
 * When several cards face it: the best first target's slot.
 */
first_target: number | null, };

export type View = { 
/**
 * What is asked.
 */
ask: AskView, 
/**
 * The board in the notation (`#.../.a../..../....`), once set up.
 */
board: string | null, 
/**
 * Each card's type letter now, slots 0..=9, once set up (`PMXAP...`).
 */
types: string | null, 
/**
 * The blocked cells, once entered.
 */
blocks: number | null, 
/**
 * My cards on my side, theirs on theirs.
 */
score: [number, number] | null, 
/**
 * My five cards, then theirs entered so far.
 */
cards: Array<CardView>, 
/**
 * What happened, oldest first.
 */
log: Array<string>, 
/**
 * Something to undo.
 */
can_undo: boolean, };

export type AskView = { "kind": "their_card", 
/**
 * Which.
 */
n: number, } | { "kind": "blocks" } | { "kind": "first" } | { "kind": "place", 
/**
 * My move.
 */
me: boolean, } | { "kind": "target", 
/**
 * The placed card's slot.
 */
attacker: number, 
/**
 * The targets' slots.
 */
targets: Array<number>, } | { "kind": "battle", 
/**
 * The attacker's slot.
 */
attacker: number, 
/**
 * The defender's slot.
 */
defender: number, 
/**
 * My card attacks.
 */
mine_attacks: boolean, 
/**
 * My card's chance to win it.
 */
chance: number, 
/**
 * The chance is exact (else the mean over their card's possible values).
 */
exact: boolean, 
/**
 * The winner may change its type letter: it can evolve (not an A card).
 */
can_evolve: [boolean, boolean], } | { "kind": "over", 
/**
 * `win`, `draw` or `loss`.
 */
outcome: Outcome, 
/**
 * My cards at the end.
 */
me: number, 
/**
 * Theirs.
 */
them: number, 
/**
 * All ten on one side.
 */
perfect: boolean, 
/**
 * The result in words.
 */
result: string, 
/**
 * The prize in words.
 */
prize: string, };

export type CardView = { 
/**
 * Slot, 0..=4 mine, 5..=9 theirs.
 */
slot: number, 
/**
 * The name, when known.
 */
name: string | null, 
/**
 * The digits as the game shows them now (`1P23`; its type as now).
 */
digits: string, 
/**
 * The arrows, bit 0 north, then clockwise.
 */
arrows: number, 
/**
 * What is known exactly: `138/X/53/90`, `atk 55`, or nothing.
 */
known: string, 
/**
 * Its cell, once placed.
 */
cell: number | null, 
/**
 * On my side now.
 */
mine_now: boolean, };

export type Outcome = "win" | "draw" | "loss";

export type Command = { "do": "their_card", 
/**
 * The card.
 */
card: string, } | { "do": "blocks", 
/**
 * The cells.
 */
cells: Array<number>, } | { "do": "first", 
/**
 * True when I do.
 */
me: boolean, } | { "do": "place", 
/**
 * The card's slot.
 */
slot: number, 
/**
 * The cell, x + 4·y.
 */
cell: number, } | { "do": "target", 
/**
 * The target's slot.
 */
slot: number, } | { "do": "battle", 
/**
 * My card won.
 */
won: boolean, 
/**
 * The two numbers shown at its start, mine first.
 */
shown: [number, number] | null, 
/**
 * The winner's type letter changed.
 */
evolved: boolean, };

export type Session = { 
/**
 * My five cards in hand order, in the notation (`138/X/53/90@E+S,...`).
 */
mine: string, 
/**
 * The commands applied, oldest first.
 */
commands: Array<Command>, };

export type Ui = { 
/**
 * The card tapped, waiting for a cell.
 */
selected: number | null, 
/**
 * The cell tapped, waiting for a card.
 */
cell: number | null, 
/**
 * Cells tapped as blocked, before they are confirmed.
 */
blocks: Array<number>, 
/**
 * The opponent card being picked: its four characters, `_` where not known yet.
 */
chars: string, 
/**
 * The character the keypad enters next (0..=3), when the player chose it.
 */
cursor: number | null, 
/**
 * Arrow bits tapped.
 */
arrows: number, 
/**
 * The card's number 1..=100, or 0 for none.
 */
name: number, 
/**
 * "Fix" was tapped: their card to correct is asked.
 */
fixing: boolean, 
/**
 * Their card (0..=4) being corrected.
 */
editing: number | null, 
/**
 * Opponent cards seen before, newest first.
 */
seen: Array<Seen>, 
/**
 * The adviser is searching this position.
 */
thinking: boolean, 
/**
 * The advice shown is a first answer; a better one is coming.
 */
refining: boolean, 
/**
 * The last message (an entry refused).
 */
message: string, 
/**
 * The time budget, milliseconds.
 */
budget_ms: number, 
/**
 * The battle numbers typed so far, and the evolution box.
 */
shown_mine: string, 
/**
 * Theirs.
 */
shown_theirs: string, 
/**
 * The winner's letter changed.
 */
evolved: boolean, 
/**
 * The card typed in the notation, so far.
 */
card_text: string, 
/**
 * The line to type the card is open.
 */
typing: boolean, };

export type Seen = { 
/**
 * The card's number 1..=100, or 0 when it was not named.
 */
number: number, 
/**
 * Its four characters (`0P00`).
 */
chars: string, };

export type PickerTap = { "key": string } | { "at": number } | "back" | "clear" | { "arrow": number } | { "name": number } | { "seen": number } | "look";

export type Picked = { 
/**
 * The four characters, `_` where unknown.
 */
chars: string, 
/**
 * The character entered next.
 */
cursor: number | null, 
/**
 * Arrow bits.
 */
arrows: number, 
/**
 * The card's number, 0 for none.
 */
name: number, 
/**
 * What Add enters, in the notation: the card typed, once its four characters are known
 * and an opponent can hold it, else the card with the guess in its blanks (see
 * [`guess`]) when an opponent can hold that.
 */
card: string | null, 
/**
 * The four characters of [`Picked::card`], to remember it as seen.
 */
card_chars: string | null, 
/**
 * Why the four characters are no card an opponent holds.
 */
error: string | null, 
/**
 * The card is to be added now: the tap completed it, its arrows were entered first, and
 * no card is being corrected.
 */
add: boolean, };

export type CardPicker = { 
/**
 * Its four characters.
 */
chars: string, 
/**
 * Its arrows.
 */
arrows: number, 
/**
 * Its number 1..=100, 0 when not named.
 */
name: number, };

export type Saves = { 
/**
 * The saves with cards first, then those without (a hand cannot come from them).
 */
saves: Array<HandSave>, 
/**
 * Why the file cannot be read; or, when it holds no save with cards, that it holds none.
 */
error: string | null, };

export type HandSave = { 
/**
 * The save's label.
 */
label: string, 
/**
 * Its cards: slot, the notation of the card (exact), and the words shown.
 */
cards: Array<HandCard>, };

export type HandCard = { 
/**
 * Its slot in the save.
 */
slot: number, 
/**
 * The card in the notation, exact.
 */
text: string, 
/**
 * Its name.
 */
name: string, 
/**
 * Its number 1..=100.
 */
number: number, 
/**
 * Its digits as the game shows them.
 */
digits: string, 
/**
 * Its exact stats, `138/X/53/90`.
 */
stats: string, 
/**
 * Attack plus both defences, to sort the strongest first.
 */
total: number, 
/**
 * Its arrows.
 */
arrows: number, };

export type HandPick = { 
/**
 * The save's cards.
 */
cards: Array<HandCard>, 
/**
 * Slots picked, in hand order.
 */
picked: Array<number>, 
/**
 * `number` (catalogue order), `strength` (strongest first) or `save` (the save's order).
 */
sort: string, };

