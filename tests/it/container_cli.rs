//! `quadmist saves` and `quadmist icon` end to end on built files in a temporary directory.

use crate::shared::cmd::Command;
use quadmist::container::write::{self, CardBuilder};
use serde_json::Value;

fn card_file(dir: &std::path::Path) -> std::path::PathBuf {
    let mut palette = [0u16; 16];
    palette[1] = 0x7FFF;
    let mut frame = [0u8; 128];
    frame[0] = 0x01; // top-left pixel white, the rest transparent
    let mut c = CardBuilder::formatted();
    c.add_save(
        "BASLUS-00001ONE",
        &write::new_save(1, &write::encode_title("ＯＮＥ"), &palette, &[frame, frame]),
    );
    c.add_save("BASLUS-00002TWO", &write::new_save(2, b"TWO", &palette, &[frame]));
    c.delete(2, false);
    let path = dir.join("card.mcr");
    std::fs::write(&path, c.bytes()).unwrap();
    path
}

fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn saves_json_has_every_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = card_file(dir.path());
    let out = Command::quadmist().args(["saves", "--json"]).arg(&path).output().unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"], "raw_card");
    let saves = v["saves"].as_array().unwrap();
    assert_eq!(saves.len(), 2);
    assert_eq!(saves[0]["save"], "1");
    assert_eq!(saves[0]["name"], "BASLUS-00001ONE");
    assert_eq!(saves[0]["game"], Value::Null);
    assert_eq!(saves[0]["region"], Value::Null);
    assert_eq!(saves[0]["disc"], Value::Null);
    assert_eq!(saves[0]["file"], Value::Null);
    assert_eq!(saves[0]["deleted"], false);
    assert_eq!(saves[0]["checksum_ok"], Value::Null);
    assert_eq!(saves[0]["title"], "ONE");
    assert_eq!(saves[1]["save"], "2");
    assert_eq!(saves[1]["deleted"], true);
    assert_eq!(saves[1]["title"], "TWO");
    assert_eq!(v["problems"], serde_json::json!([]));
    assert_eq!(listing(dir.path()), vec!["card.mcr"]);
}

#[test]
fn saves_table_and_problems_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = CardBuilder::formatted();
    c.add_save("BASLUS-00002TWO", &write::new_save(2, b"TWO", &[0; 16], &[[0; 128]]));
    c.frame_mut(1)[0x40] = 1; // bad XOR
    let path = dir.path().join("bad.gme");
    std::fs::write(&path, write::to_gme(c.bytes())).unwrap();
    let out = Command::quadmist().arg("saves").arg(&path).env("NO_COLOR", "1").output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stdout.contains("DexDrive GME card"));
    assert!(stdout.contains("SAVE") && stdout.contains("SLUS-00002") && stdout.contains("TWO"));
    assert!(stderr.contains("warning: directory frame 1: its checksum does not match"), "{stderr}");
    assert!(!stdout.contains('\x1b') && !stderr.contains('\x1b'));
}

#[test]
fn unreadable_files_exit_1_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("card.bin");
    std::fs::write(&path, vec![0u8; 0x200A0]).unwrap();
    let out = Command::quadmist().arg("saves").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = super::shared::words(&out.stderr);
    assert!(
        stderr.contains("Vita PocketStation MCX card (encrypted) is recognised but not supported"),
        "{stderr}"
    );
}

#[test]
fn icon_writes_a_scaled_strip() {
    let dir = tempfile::tempdir().unwrap();
    let path = card_file(dir.path());
    let png_path = dir.path().join("icon.png");
    Command::quadmist()
        .args(["icon", "--save", "1", "--scale", "3", "-o"])
        .arg(&png_path)
        .arg(&path)
        .assert()
        .success();
    let dec = png::Decoder::new(std::fs::File::open(&png_path).unwrap());
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size()];
    let info = r.next_frame(&mut buf).unwrap();
    // Two frames of 16×16 at ×3 side by side.
    assert_eq!((info.width, info.height), (96, 48));
    let px = |x: usize, y: usize| buf[(y * 96 + x) * 4..(y * 96 + x) * 4 + 4].to_vec();
    assert_eq!(px(2, 2), vec![255, 255, 255, 255]);
    assert_eq!(px(3, 0), vec![0, 0, 0, 0]);
    assert_eq!(px(50, 1), vec![255, 255, 255, 255]);
    // Unknown save: usage error; writing over the input is refused.
    Command::quadmist().args(["icon", "--save", "9", "-o", "x.png"]).arg(&path).assert().code(2);
    Command::quadmist().args(["icon", "--save", "1", "-o"]).arg(&path).arg(&path).assert().code(2);
    assert_eq!(listing(dir.path()), vec!["card.mcr", "icon.png"]);
}

#[test]
fn help_has_examples() {
    for cmd in ["saves", "icon"] {
        let out = Command::quadmist().args([cmd, "--help"]).output().unwrap();
        assert!(String::from_utf8(out.stdout).unwrap().contains("Examples:"));
    }
}
