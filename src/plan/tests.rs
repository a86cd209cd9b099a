//! The preference order's bound.

use crate::model::{CardRecord, CardType};

#[test]
fn preference_stays_below_its_bound() {
    let card = |arrows, stat| CardRecord {
        slot: 1,
        id: 0,
        arrows,
        atk: stat,
        card_type: CardType::Physical,
        pdef: stat,
        mdef: stat,
        cpoint: None,
    };
    // 1 + 1024·8 + 3·255 and 1 + 0, by hand.
    let largest = super::preference(&card(0xFF, 255));
    assert_eq!(largest, 8958);
    assert_eq!(super::preference(&card(0, 0)), 1);
    assert!(largest < super::preference::PREFERENCE_BOUND);
}
