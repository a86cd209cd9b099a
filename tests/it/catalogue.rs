//! The compiled-in catalogue equals `shared/data/cards.csv`.

use crate::shared;

use quadmist::model::catalogue::CATALOGUE;

#[test(needs = SharedData)]
fn catalogue_copy_equals_shared_csv() {
    let shared = shared::read("data/cards.csv");
    let ours = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/cards.csv")).unwrap();
    assert_eq!(ours, shared, "data/cards.csv differs from ../shared/data/cards.csv");
}

#[test]
fn catalogue_rows_parse_from_csv() {
    let csv = include_str!("../../data/cards.csv");
    let rows: Vec<&str> = csv.lines().skip(1).filter(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 100);
    assert_eq!(CATALOGUE.len(), 100);
    for (row, info) in rows.iter().zip(CATALOGUE) {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!(f[0].parse::<u8>().unwrap(), info.id);
        assert_eq!(f[1].parse::<u8>().unwrap(), info.number);
        assert_eq!(f[2], info.name);
        assert_eq!(f[3].chars().next(), Some(info.default_type.letter()));
        assert_eq!(f[4].parse::<u8>().unwrap(), info.max_atk);
        assert_eq!(f[5].parse::<u8>().unwrap(), info.max_pdef);
        assert_eq!(f[6].parse::<u8>().unwrap(), info.max_mdef);
    }
    // Spot checks by hand from the spec: Goblin 0P00, Cactuar 3PC0, Ribbon 0MCF.
    let show = |i: usize| {
        let c = &CATALOGUE[i];
        format!("{:X}{}{:X}{:X}", c.max_atk >> 4, c.default_type, c.max_pdef >> 4, c.max_mdef >> 4)
    };
    assert_eq!(show(0), "0P00");
    assert_eq!(show(23), "3PC0");
    assert_eq!(show(75), "0MCF");
}
