//! PlayStation cards carrying the NPC table's type: the genuine late-game
//! US save holds two Zombies of type M where the catalogue (data/cards.csv: Zombie, id 6, P,
//! max 19/19/11) says P. On PlayStation that is an info, never "an edited save", and odds
//! and plans use the card's real type. PC keeps the old rule.

use crate::shared::cmd::Command;
use quadmist::container::write::CardBuilder;
use quadmist::ff9::psx::block::RawCardRecord;
use quadmist::ff9::psx::write::FF9Block;
use serde_json::Value;

/// A card with one FF9 save: slot 1 an M Zombie (atk 12, pdef 10, mdef 7: inside the
/// creation range 9..17 / 9..17 / 5..9), slot 2 a P Goblin.
fn card_file() -> (tempfile::TempDir, String) {
    let mut b = FF9Block::default();
    b.records[0] = RawCardRecord { id: 6, arrows: 0x11, atk: 12, card_type: 1, pdef: 10, mdef: 7 };
    b.records[1] = RawCardRecord { id: 0, arrows: 0x01, atk: 3, card_type: 0, pdef: 4, mdef: 2 };
    let mut c = CardBuilder::formatted();
    c.add_save("BASLUS-0125100000-00", &b.build());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("zombies.mcr");
    std::fs::write(&path, c.into_bytes()).unwrap();
    let p = path.to_str().unwrap().to_string();
    (dir, p)
}

fn run(args: &[&str]) -> (Value, String) {
    let out = Command::quadmist().env("NO_COLOR", "1").args(args).arg("--json").output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(out.status.success(), "{args:?}: {err}");
    (serde_json::from_slice(&out.stdout).unwrap(), err)
}

#[test]
fn an_m_zombie_is_an_info_and_keeps_its_type() {
    let (_d, f) = card_file();
    let (v, err) = run(&["cards", &f]);
    let zombie = &v["cards"][0];
    assert_eq!((zombie["name"].as_str(), zombie["type"].as_str()), (Some("Zombie"), Some("M")));
    let findings = zombie["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(
        (findings[0]["issue"].as_str(), findings[0]["severity"].as_str()),
        (Some("npc_type"), Some("info"))
    );
    assert!(
        err.contains(
            "info: slot 1 Zombie: type M, where the catalogue says P: the NPC table's type"
        ),
        "{err}"
    );
    assert!(!err.contains("edited"), "{err}");
}

#[test]
fn odds_use_the_real_type() {
    let (_d, f) = card_file();
    // Against 0/P/200/0: as M the Zombie attacks the magic defence 0; as P it would face 200.
    let spec = format!("{f}:1");
    let (v, _) = run(&["odds", &spec, "--card", "1", "0/P/200/0"]);
    assert_eq!(v["attacker"]["card"], "12/M/10/7", "{v}");
    assert_eq!(v["matchup"], "atk_vs_mdef", "{v}");
}

#[test]
fn plans_use_the_real_type() {
    let (_d, f) = card_file();
    let (v, _) = run(&["plan", &f]);
    // The road to Master upgrades the Zombie from its real type M.
    let mut found = Vec::new();
    fn walk(v: &Value, out: &mut Vec<(u64, String)>) {
        match v {
            Value::Object(m) => {
                if let (Some(id), Some(from)) = (m.get("number"), m.get("from")) {
                    out.push((id.as_u64().unwrap(), from.as_str().unwrap().to_string()));
                }
                m.values().for_each(|x| walk(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    walk(&v, &mut found);
    // Card numbers: the Zombie is 7, the Goblin 1.
    assert!(found.contains(&(7, "M".to_string())), "{found:?}");
    assert!(found.contains(&(1, "P".to_string())), "{found:?}");
}
