//! Legality findings per card, with caps and minimums taken by hand from data/cards.csv.

use quadmist::model::{CardRecord, CardType, Collection, FindingKind, Platform, Severity};
use quadmist::rules::legality::{check, check_card};

fn card(slot: u16, id: u8, atk: u8, t: CardType, pdef: u8, mdef: u8) -> CardRecord {
    CardRecord { slot, id, arrows: 0x11, atk, card_type: t, pdef, mdef, cpoint: None }
}

fn issues(c: &CardRecord) -> Vec<(FindingKind, Severity)> {
    check_card(c, Platform::Pc).iter().map(|f| (f.issue, f.severity)).collect()
}

use CardType::*;

#[test]
fn goblin_bounds() {
    // Goblin: max 7/9/4, so a new card rolls atk 3..5, pdef 4..7, mdef 2..3.
    assert!(issues(&card(1, 0, 3, Physical, 4, 2)).is_empty());
    assert!(issues(&card(1, 0, 7, Assault, 9, 4)).is_empty());
    assert_eq!(
        issues(&card(1, 0, 2, Physical, 4, 2)),
        [(FindingKind::BelowCreationMinimum, Severity::Error)]
    );
    assert_eq!(
        issues(&card(1, 0, 3, Physical, 3, 2)),
        [(FindingKind::BelowCreationMinimum, Severity::Error)]
    );
    assert_eq!(
        issues(&card(1, 0, 3, Physical, 4, 1)),
        [(FindingKind::BelowCreationMinimum, Severity::Error)]
    );
    let f = check_card(&card(4, 0, 8, Physical, 4, 2), Platform::Pc);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].issue, FindingKind::AboveCap);
    assert_eq!(
        f[0].message,
        "slot 4 Goblin: atk 8 is above its cap 7: an edited save; it keeps growing and wraps to 0 \
         after 248 more level-ups"
    );
}

#[test]
fn a_stat_at_255_wraps_at_the_next_growth() {
    // Airship: atk cap 129.
    let f = check_card(&card(2, 99, 255, Physical, 64, 64), Platform::Pc);
    assert_eq!(f.len(), 1);
    assert!(f[0].message.ends_with("it wraps to 0 when it next grows"), "{}", f[0].message);
}

#[test]
fn types() {
    // On PC (and Switch): Goblin is P, so M is impossible; X and A are fine.
    assert_eq!(
        issues(&card(1, 0, 3, Magic, 4, 2)),
        [(FindingKind::ImpossibleType, Severity::Warning)]
    );
    assert!(issues(&card(1, 0, 3, Flexible, 4, 2)).is_empty());
    // Hecteyes is M (81/10/70): P is impossible.
    assert_eq!(
        issues(&card(1, 37, 40, Physical, 5, 35)),
        [(FindingKind::ImpossibleType, Severity::Warning)]
    );
    // Disputed: Ozma (P in the CSV) and Invincible (M) accept both.
    assert!(issues(&card(1, 54, 110, Magic, 3, 99)).is_empty());
    assert!(issues(&card(1, 82, 92, Physical, 72, 100)).is_empty());
    assert_eq!(
        issues(&card(1, 0, 3, Unknown(9), 4, 2)),
        [(FindingKind::UnknownType, Severity::Error)]
    );
}

#[test]
fn disputed_pdef_caps_give_warnings() {
    // Ogre 83/80/29: pdef 81 above the disputed cap, 39 below its minimum 40.
    assert_eq!(
        issues(&card(1, 38, 41, Physical, 81, 14)),
        [(FindingKind::AboveCap, Severity::Warning)]
    );
    assert_eq!(
        issues(&card(1, 38, 41, Physical, 39, 14)),
        [(FindingKind::BelowCreationMinimum, Severity::Warning)]
    );
    // Its atk is not disputed.
    assert_eq!(
        issues(&card(1, 38, 84, Physical, 40, 14)),
        [(FindingKind::AboveCap, Severity::Error)]
    );
    // Gargant 46/17/56: pdef 18.
    assert_eq!(
        issues(&card(1, 96, 23, Physical, 18, 28)),
        [(FindingKind::AboveCap, Severity::Warning)]
    );
}

#[test]
fn records_past_slot_100_and_order() {
    let collection = Collection {
        ignored_records: vec![card(101, 1, 4, Physical, 5, 2)],
        ..Collection::new(
            Platform::PlayStation,
            vec![
                card(7, 0, 2, Physical, 4, 2),
                card(3, 0, 3, Magic, 4, 2),
                card(5, 0, 3, Physical, 4, 2),
            ],
        )
    };
    // A PlayStation collection: the M Goblin carries the NPC table's type (an info).
    let f: Vec<(u16, FindingKind)> = check(&collection).iter().map(|f| (f.slot, f.issue)).collect();
    assert_eq!(
        f,
        [
            (3, FindingKind::NpcType),
            (7, FindingKind::BelowCreationMinimum),
            (101, FindingKind::PastSlot100)
        ]
    );
    let pc = Collection { platform: Platform::Pc, ..collection };
    let f: Vec<(u16, FindingKind)> = check(&pc).iter().map(|f| (f.slot, f.issue)).collect();
    assert_eq!(
        f,
        [
            (3, FindingKind::ImpossibleType),
            (7, FindingKind::BelowCreationMinimum),
            (101, FindingKind::PastSlot100)
        ]
    );
}

#[test]
fn playstation_npc_types_are_an_info_never_an_edit() {
    // Zombie (id 6 in data/cards.csv: P, max 19/19/11, so a new card rolls atk 9..17,
    // pdef 9..17, mdef 5..9). The genuine late-game US save holds two M Zombies.
    let zombie = card(9, 6, 12, Magic, 10, 7);
    let f = check_card(&zombie, Platform::PlayStation);
    assert_eq!(f.len(), 1);
    assert_eq!((f[0].issue, f[0].severity), (FindingKind::NpcType, Severity::Info));
    assert_eq!(
        f[0].message,
        "slot 9 Zombie: type M, where the catalogue says P: the NPC table's type, as on cards won \
         from opponents (the PlayStation release keeps two types per card)"
    );
    assert!(!f[0].message.contains("edited"));
    // PC and Switch keep the rule: a type the game never gives there.
    for platform in [Platform::Pc, Platform::Switch] {
        assert_eq!(
            check_card(&zombie, platform).iter().map(|f| (f.issue, f.severity)).collect::<Vec<_>>(),
            [(FindingKind::ImpossibleType, Severity::Warning)]
        );
    }
    // X, A and the default stay clean on every platform; an unknown code stays an error.
    for t in [Physical, Flexible, Assault] {
        assert!(check_card(&card(9, 6, 12, t, 10, 7), Platform::PlayStation).is_empty());
    }
    assert_eq!(
        check_card(&card(9, 6, 12, Unknown(4), 10, 7), Platform::PlayStation)[0].issue,
        FindingKind::UnknownType
    );
}
