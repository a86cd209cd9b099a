//! Crafted `.dat` files: the real sample with sections decrypted, edited and re-encrypted by
//! a test-only AES-256-CBC writer (key derived here from the spec's §b.2 constants).

use crate::shared;
use crate::simplejson;

use aes::Aes256;
use cbc::cipher::{block_padding::NoPadding, BlockDecryptMut, BlockEncryptMut, KeyIvInit};
use quadmist::ff9::{self, minigame, pc, SaveSet};
use quadmist::model::{CardSource, CardType};
use quadmist::Severity;

fn key_iv() -> ([u8; 32], [u8; 16]) {
    let mut out = [0u8; 48];
    pbkdf2::pbkdf2_hmac::<sha1::Sha1>(
        b"System.Security.SecureString",
        &[3, 3, 1, 4, 7, 0, 9, 7],
        1000,
        &mut out,
    );
    (out[..32].try_into().unwrap(), out[32..].try_into().unwrap())
}

/// Decrypts `len` bytes of the section at `at`, lets `edit` change them, re-encrypts.
fn edit_section(file: &mut [u8], at: usize, len: usize, edit: impl FnOnce(&mut [u8])) {
    let (key, iv) = key_iv();
    let section = &mut file[at..at + len];
    cbc::Decryptor::<Aes256>::new(&key.into(), &iv.into())
        .decrypt_padded_mut::<NoPadding>(section)
        .unwrap();
    edit(section);
    cbc::Encryptor::<Aes256>::new(&key.into(), &iv.into())
        .encrypt_padded_mut::<NoPadding>(section, len)
        .unwrap();
}

/// Edits the plaintext of data block `index` (17,984 ciphertext bytes).
fn edit_block(file: &mut [u8], index: usize, edit: impl FnOnce(&mut [u8])) {
    edit_section(file, pc::DATA_OFFSET + index * pc::BLOCK_LEN, 17_984, edit);
}

fn edit_metadata(file: &mut [u8], edit: impl FnOnce(&mut [u8])) {
    edit_section(file, 0, pc::METADATA_CIPHER_LEN, edit);
}

fn open(bytes: &[u8]) -> SaveSet {
    ff9::open(bytes, Some("SavedData_ww.dat"), &|_| None).unwrap()
}

fn selectors(set: &SaveSet) -> Vec<&str> {
    set.saves.iter().map(|s| s.selector.as_str()).collect()
}

const ENTRY_40_OF_BLOCK: usize = pc::CARDS_OFFSET + 39 * minigame::CARD_ENTRY_LEN;

#[test(needs = SharedData)]
fn an_unknown_schema_is_reported_and_accepted_only_when_every_entry_validates() {
    let mut bytes = shared::read("data/real/steam/SavedData_ww.dat");
    edit_metadata(&mut bytes, |m| m[8..12].copy_from_slice(&20_000i32.to_le_bytes()));
    // Slot 1, file 3 (block 3): padding entry 40 gets side 7, which no game writes.
    edit_block(&mut bytes, 3, |p| p[ENTRY_40_OF_BLOCK + 6] = 7);
    let set = open(&bytes);
    assert!(set
        .findings
        .iter()
        .any(|f| f.severity == Severity::Warning && f.message.contains("unknown schema")));
    assert_eq!(selectors(&set), ["auto", "1-1", "1-2", "1-3", "1-4", "1-5", "2-1"]);
    assert_eq!(set.saves[2].collection().unwrap().cards.len(), 31);
    let err = set.saves[3].collection().unwrap_err();
    assert!(err.to_string().contains("do not validate"), "{err}");
}

#[test(needs = SharedData)]
fn none_blocks_are_not_listed_and_damaged_magic_is_reported() {
    let mut bytes = shared::read("data/real/steam/SavedData_ww.dat");
    edit_block(&mut bytes, 3, |p| p[..4].copy_from_slice(b"NONE"));
    edit_block(&mut bytes, 4, |p| p[..4].copy_from_slice(b"JUNK"));
    let set = open(&bytes);
    assert_eq!(selectors(&set), ["auto", "1-1", "1-2", "1-5", "2-1"]);
    let damaged: Vec<_> =
        set.findings.iter().filter(|f| f.message.contains("neither SAVE nor NONE")).collect();
    assert_eq!(damaged.len(), 1);
    assert!(damaged[0].message.contains("`1-4`"));
}

#[test(needs = SharedData)]
fn a_latest_save_that_does_not_exist_is_reported() {
    let mut bytes = shared::read("data/real/steam/SavedData_ww.dat");
    edit_metadata(&mut bytes, |m| {
        m[12..16].copy_from_slice(&5i32.to_le_bytes());
        m[16..20].copy_from_slice(&3i32.to_le_bytes());
    });
    let set = open(&bytes);
    assert!(set.findings.iter().any(|f| f.message.contains("slot 6, file 4")));
    assert!(set.saves.iter().all(|s| !s.latest && !s.title.contains("latest")));
}

#[test(needs = SharedData)]
fn bad_padding_ids_and_types_are_reported() {
    let mut bytes = shared::read("data/real/steam/SavedData_ww.dat");
    edit_block(&mut bytes, 2, |p| {
        p[17_983] = 0x0D; // padding of 14 bytes must end in 0x0E
        p[pc::CARDS_OFFSET + 3] = 150; // entry 1: invalid id
        p[pc::CARDS_OFFSET + minigame::CARD_ENTRY_LEN + 7] = 9; // entry 2: type 9
        p[pc::DRAW_OFFSET + 4..pc::DRAW_OFFSET + 6].copy_from_slice(&(-3i16).to_le_bytes());
        // wins
    });
    bytes.extend_from_slice(&[0; 10]);
    let set = open(&bytes);
    assert!(set.findings.iter().any(|f| f.message.contains("more than")));
    let save = &set.saves[2];
    assert!(save.findings.iter().any(|f| f.message.contains("padding")));
    let c = save.collection().unwrap();
    assert_eq!(c.cards.len(), 30);
    assert_eq!((c.cards[0].slot, c.cards[0].card_type), (2, CardType::Unknown(9)));
    assert_eq!(c.wins, -3);
    let messages: Vec<&str> = c.findings.iter().map(|f| f.message.as_str()).collect();
    assert!(messages.iter().any(|m| m.contains("invalid id 150")), "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("entry 2: type code 9")), "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("wins = -3")), "{messages:?}");
}

#[test(needs = SharedData)]
fn a_sidecar_replaces_a_list_with_an_unreadable_play_time_and_its_findings() {
    let mut bytes = shared::read("data/real/steam/SavedData_ww.dat");
    edit_block(&mut bytes, 2, |p| {
        p[pc::PLAY_TIME_OFFSET..pc::PLAY_TIME_OFFSET + 8].copy_from_slice(&f64::NAN.to_le_bytes());
        p[pc::CARDS_OFFSET + 3] = 150; // entry 1: invalid id in the vanilla list
    });
    let sidecar = simplejson::binary(&serde_json::json!({
        "95000_Setting": {"00001_time": 5.0},
        "30000_MiniGame": {"MiniGameCard": [
            {"id": 42, "side": 0, "atk": 50, "type": "ASSAULT", "pdef": 60, "mdef": 70, "cpoint": 10, "arrow": 3}
        ], "sWin": 1, "sLose": 1, "sDraw": 1}
    }));
    let neighbour =
        move |name: &str| (name == "SavedData_ww_Memoria_0_1.dat").then(|| sidecar.clone());
    let set = ff9::open(&bytes, Some("SavedData_ww.dat"), &neighbour).unwrap();
    let save = &set.saves[2];
    assert!(save.findings.iter().any(|f| f.message.contains("not a valid number")));
    assert_eq!(save.summary.as_ref().unwrap().play_time_seconds, None);
    let c = save.collection().unwrap();
    assert_eq!(c.card_source, CardSource::MemoriaSidecar);
    let k = c.cards[0];
    assert_eq!(
        (c.cards.len(), k.id, k.card_type, k.atk, k.pdef, k.mdef, k.arrows),
        (1, 42, CardType::Assault, 50, 60, 70, 3)
    );
    // The counters stay the save's; the vanilla list's findings are gone with it.
    assert_eq!((c.wins, c.losses, c.draws), (11, 5, 2));
    assert!(c.findings.iter().all(|f| !f.message.contains("invalid id")), "{:?}", c.findings);
    assert!(c.findings.iter().any(|f| f.message.contains("no play time to compare")));
}
