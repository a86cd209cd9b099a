//! Hostile inputs (no input may panic, hang or allocate without bound): every reproducer of
//! the hostile-input campaign, run through the real binary in a child process with an
//! address-space limit and a timeout.
//!
//! Each run checks: no signal (no abort, no panic's exit 101), the exit code the README
//! promises, peak memory (the child's maximum resident set) under 64 MiB plus twice the
//! bytes of the files it reads, and every input file unchanged (SHA-1 before and after).
//! The inputs are generated here in a temporary directory; nothing large is committed.

#![cfg(unix)]

use crate::shared;
use crate::simplejson;
use quadmist::ff9::pc;
use serde_json::json;
use sha1::{Digest, Sha1};
use std::ffi::OsStr;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The memory promise: 64 MiB plus twice the input.
const BASE_BUDGET: u64 = 64 * 1024 * 1024;
/// Address-space limit of the child: an unbounded allocation aborts instead of swapping.
const ADDRESS_LIMIT: u64 = 1024 * 1024 * 1024;
/// A hang detector, not a speed test (the debug binary on a shared machine).
const TIMEOUT: Duration = Duration::from_secs(90);

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    peak_bytes: u64,
}

fn sha1(path: &Path) -> Vec<u8> {
    let meta = std::fs::symlink_metadata(path).unwrap();
    if !meta.is_file() {
        return Vec::new(); // FIFOs and directories: nothing to hash (and reading would block)
    }
    Sha1::digest(std::fs::read(path).unwrap()).to_vec()
}

fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| if m.is_file() { m.len() } else { 0 }).unwrap_or(0)
}

/// Runs `quadmist args`; `inputs` are the files it may read (hashed before and after, and
/// counted in the memory budget). Panics on a signal, a timeout, a changed input, or a
/// peak above the budget.
///
/// The child is started by [`measure_child`] in a fresh process: Linux carries a process's
/// peak resident set across `fork` and `exec`, so a child forked from this (large) test
/// process would report this process's peak instead of its own.
fn run<S: AsRef<OsStr>>(args: &[S], inputs: &[&Path]) -> Run {
    let before: Vec<Vec<u8>> = inputs.iter().map(|p| sha1(p)).collect();
    let input_bytes: u64 = inputs.iter().map(|p| file_size(p)).sum();
    let words: Vec<String> =
        args.iter().map(|a| a.as_ref().to_str().expect("UTF-8 arguments").to_owned()).collect();
    let dir = tempfile::tempdir().unwrap();
    let status = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "bounds::measure_child", "--test-threads=1", "-q"])
        .env("QUADMIST_BOUNDS_ARGS", serde_json::to_string(&words).unwrap())
        .env("QUADMIST_BOUNDS_DIR", dir.path())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "the measuring process failed for quadmist {words:?}");
    let read = |name: &str| {
        String::from_utf8_lossy(&std::fs::read(dir.path().join(name)).unwrap()).into_owned()
    };
    // Messages are wrapped at the terminal width; the checks read them unwrapped.
    let (stdout, stderr) = (read("stdout"), read("stderr").replace("\n  ", " "));
    let result: serde_json::Value = serde_json::from_str(&read("result")).unwrap();
    assert!(
        result["timed_out"] == false,
        "quadmist {words:?} did not finish within {TIMEOUT:?}: a hang"
    );
    assert!(
        result["signal"].is_null(),
        "quadmist {words:?} was killed by signal {} (abort = 6); stderr: {}",
        result["signal"],
        tail(&stderr)
    );
    let code = result["code"].as_i64().unwrap() as i32;
    assert!(code <= 2, "quadmist {words:?} exited {code}; stderr: {}", tail(&stderr));
    let peak_bytes = result["peak_kib"].as_u64().unwrap() * 1024;
    let budget = BASE_BUDGET + 2 * input_bytes;
    assert!(
        peak_bytes <= budget,
        "quadmist {words:?}: peak memory {} KiB over the budget {} KiB (64 MiB + 2 × {} input bytes)",
        peak_bytes / 1024,
        budget / 1024,
        input_bytes
    );
    for (p, h) in inputs.iter().zip(&before) {
        assert_eq!(&sha1(p), h, "quadmist {words:?} changed its input {}", p.display());
    }
    Run { code, stdout, stderr, peak_bytes }
}

/// Not a test: the helper [`run`] starts in a fresh process. It runs quadmist with the
/// arguments in `QUADMIST_BOUNDS_ARGS` under an address-space limit and [`TIMEOUT`], and
/// writes its output and `{code, signal, peak_kib, timed_out}` to `QUADMIST_BOUNDS_DIR`.
#[test]
#[ignore = "a helper the bounds tests start in a fresh process"]
fn measure_child() {
    let (Ok(args), Ok(dir)) =
        (std::env::var("QUADMIST_BOUNDS_ARGS"), std::env::var("QUADMIST_BOUNDS_DIR"))
    else {
        panic!("run by the bounds tests only");
    };
    let args: Vec<String> = serde_json::from_str(&args).unwrap();
    let dir = PathBuf::from(dir);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_quadmist"));
    cmd.args(&args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join("stdout")).unwrap())
        .stderr(std::fs::File::create(dir.join("stderr")).unwrap());
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit { rlim_cur: ADDRESS_LIMIT, rlim_max: ADDRESS_LIMIT };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    // Reaped by wait4 below (std's wait gives no resource usage).
    #[allow(clippy::zombie_processes)]
    let mut child = cmd.spawn().unwrap();
    let pid = child.id() as libc::pid_t;
    let start = Instant::now();
    let mut timed_out = false;
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: a zeroed rusage is valid; wait4 on our own child with valid out-pointers.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break (status, usage);
        }
        assert_eq!(r, 0, "wait4: {}", std::io::Error::last_os_error());
        if !timed_out && start.elapsed() > TIMEOUT {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let exited = libc::WIFEXITED(status);
    let result = json!({
        "code": exited.then(|| libc::WEXITSTATUS(status)),
        "signal": (!exited).then(|| libc::WTERMSIG(status)),
        "peak_kib": usage.ru_maxrss,
        "timed_out": timed_out,
    });
    std::fs::write(dir.join("result"), result.to_string()).unwrap();
}

fn tail(s: &str) -> &str {
    let cut = s.len().saturating_sub(2000);
    s.get(cut..).unwrap_or(s)
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(name)
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// A sparse file of `len` zero bytes (no disk space used).
fn sparse(path: &Path, len: u64) {
    std::fs::File::create(path).unwrap().set_len(len).unwrap();
}

/// A Switch JSON save whose `MiniGameCard` list is `list` (JSON text).
fn switch_json(list: &str, win: &str) -> Vec<u8> {
    format!(
        r#"{{"Data":{{"30000_MiniGame":{{"MiniGameCard":{list},"sWin":{win},"sLose":"0","sDraw":"0"}},"95000_Setting":{{"00001_time":"100.5"}}}}}}"#
    )
    .into_bytes()
}

/// A valid Switch card entry (Goblin, P, atk/pdef/mdef 10).
const CARD: &str = r#"{"id":"0","side":"0","atk":"10","type":"0","pdef":"10","mdef":"10","cpoint":"10","arrow":"0"}"#;

fn repeated(item: &str, n: usize) -> String {
    let mut s = String::with_capacity(n * (item.len() + 1) + 2);
    s.push('[');
    for k in 0..n {
        if k > 0 {
            s.push(',');
        }
        s.push_str(item);
    }
    s.push(']');
    s
}

// 1. icon -o: never the input, a FIFO or a directory.

/// `quadmist COMMAND FILE --save 1 -o OUT`, watching `input` for writes.
fn write_out(command: &str, file: &Path, out: &Path, input: &Path) -> Run {
    run(
        &[
            OsStr::new(command),
            file.as_os_str(),
            "--save".as_ref(),
            "1".as_ref(),
            "-o".as_ref(),
            out.as_os_str(),
        ],
        &[input],
    )
}

#[test]
fn icon_refuses_its_input_through_a_hard_link_a_symlink_a_fifo_and_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let input =
        write(dir.path(), "in.mcr", &std::fs::read(fixture("ff9-three-saves.mcr")).unwrap());
    let hard = dir.path().join("hard.mcr");
    std::fs::hard_link(&input, &hard).unwrap();
    let soft = dir.path().join("soft.mcr");
    std::os::unix::fs::symlink(&input, &soft).unwrap();
    for (file, out) in [(&hard, &input), (&input, &hard), (&soft, &input), (&input, &soft)] {
        let r = write_out("icon", file, out, &input);
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(r.stderr.contains("the input file itself"), "{}", r.stderr);
    }
    let fifo = dir.path().join("out.png");
    mkfifo(&fifo);
    let r = write_out("icon", &input, &fifo, &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
    let r = write_out("icon", &input, dir.path(), &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("is a directory"), "{}", r.stderr);
    // A different file is written, and is a PNG.
    let png = dir.path().join("icon.png");
    let r = write_out("icon", &hard, &png, &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

// 2. Out-of-memory aborts.

#[test]
fn a_switch_card_list_of_millions_of_zeros_reads_the_first_thousand_entries() {
    let dir = tempfile::tempdir().unwrap();
    // 8.3 million `0` entries: 16.6 MB, just under the 16 MiB file limit.
    let save =
        write(dir.path(), "DATA_SLOT0_FILE0", &switch_json(&repeated("0", 8_300_000), "\"1\""));
    for command in ["cards", "score", "plan"] {
        let r = run(&[OsStr::new(command), save.as_os_str()], &[&save]);
        assert_eq!(r.code, 0, "{command}: {}", tail(&r.stderr));
        assert!(
            r.stderr.contains("8299000 more entries after the first 1000"),
            "{command}: {}",
            tail(&r.stderr)
        );
        // 1,000 bad entries: the first few, then one line for the rest.
        assert!(
            r.stderr.contains("980 more findings of the kind above (only the first 20"),
            "{}",
            tail(&r.stderr)
        );
        assert!(r.stderr.lines().count() < 20, "{command}: {}", tail(&r.stderr));
    }
}

#[test]
fn a_switch_card_list_of_millions_of_empty_objects_is_bounded_too() {
    let dir = tempfile::tempdir().unwrap();
    let save = write(dir.path(), "AUTO", &switch_json(&repeated("{}", 5_500_000), "\"1\""));
    let r = run(&[OsStr::new("cards"), save.as_os_str()], &[&save]);
    assert_eq!(r.code, 0, "{}", tail(&r.stderr));
    assert!(r.stderr.contains("5499000 more entries after the first 1000"), "{}", r.stderr);
    assert!(r
        .stderr
        .contains("card entry 1: arrow, atk, cpoint, id, mdef, pdef, side, type missing"));
}

/// The real `.dat` copied into `dir`.
fn real_dat(dir: &Path) -> (PathBuf, Vec<u8>) {
    let bytes = shared::read("data/real/steam/SavedData_ww.dat");
    (write(dir, "SavedData_ww.dat", &bytes), bytes)
}

#[test(needs = SharedData)]
fn a_sidecar_of_64_nested_arrays_reserves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (dat, _) = real_dat(dir.path());
    // Each level claims as many items as the bytes left could hold (the most the count check
    // lets through); the old reader reserved them all at every level.
    let size = 4 * 1024 * 1024;
    let mut sidecar = Vec::with_capacity(size);
    for _ in 0..64 {
        sidecar.extend(1i32.to_le_bytes());
        let left = size - sidecar.len() - 4;
        sidecar.extend((left as i32 / 5).to_le_bytes());
    }
    sidecar.resize(size, 0);
    let side = write(dir.path(), "SavedData_ww_Memoria_0_0.dat", &sidecar);
    let r = run(
        &[OsStr::new("score"), dat.as_os_str(), "--save".as_ref(), "1-1".as_ref()],
        &[&dat, &side],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("Memoria sidecar SavedData_ww_Memoria_0_0.dat is damaged"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("replaces"), "{}", r.stderr);
}

/// The real `.dat` with its save 1-1 block copied into all 151 blocks.
fn dat_with_151_saves(dir: &Path) -> PathBuf {
    let bytes = shared::read("data/real/steam/SavedData_ww.dat");
    let mut out = bytes.clone();
    let block =
        |i: usize| pc::DATA_OFFSET + i * pc::BLOCK_LEN..pc::DATA_OFFSET + (i + 1) * pc::BLOCK_LEN;
    for i in 0..pc::BLOCKS {
        out[block(i)].copy_from_slice(&bytes[block(1)]);
    }
    write(dir, "SavedData_ww.dat", &out)
}

fn sidecar_name(slot: pc::PcSlot) -> String {
    slot.sidecar_name("SavedData_ww.dat").unwrap()
}

#[test(needs = SharedData)]
fn only_the_selected_saves_sidecar_is_read_and_a_failure_to_read_it_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let dat = dat_with_151_saves(dir.path());
    // 151 sidecars of 8 MiB (sparse): 1.2 GB if all were read at once.
    for slot in (0..pc::BLOCKS).filter_map(pc::PcSlot::from_index) {
        sparse(&dir.path().join(sidecar_name(slot)), 8 * 1024 * 1024);
    }
    let listing = run(&[OsStr::new("saves"), dat.as_os_str()], &[&dat]);
    assert_eq!(listing.code, 0, "{}", listing.stderr);
    // One table row per save, each starting with its selector (`auto` or SLOT-FILE).
    let is_selector = |w: &str| {
        w == "auto"
            || w.split_once('-')
                .is_some_and(|(a, b)| a.parse::<u8>().is_ok() && b.parse::<u8>().is_ok())
    };
    assert_eq!(
        listing
            .stdout
            .lines()
            .filter(|l| l.split_whitespace().next().is_some_and(is_selector))
            .count(),
        151,
        "{}",
        listing.stdout
    );
    // Save 1-2 gets a real sidecar with 3 cards; its play time is left out, so it applies.
    let good = simplejson::binary(&json!({"30000_MiniGame": {"MiniGameCard": [
        {"id": 5, "side": 0, "atk": 1, "type": 0, "pdef": 1, "mdef": 1, "cpoint": 1, "arrow": 0},
        {"id": 6, "side": 0, "atk": 1, "type": 0, "pdef": 1, "mdef": 1, "cpoint": 1, "arrow": 0},
        {"id": 7, "side": 0, "atk": 1, "type": 0, "pdef": 1, "mdef": 1, "cpoint": 1, "arrow": 0}
    ], "sWin": 0, "sLose": 0, "sDraw": 0}}));
    let one_two = dir.path().join(sidecar_name(pc::PcSlot::File { slot: 0, file: 1 }));
    std::fs::write(&one_two, &good).unwrap();
    let r = run(
        &[
            OsStr::new("cards"),
            dat.as_os_str(),
            "--save".as_ref(),
            "1-2".as_ref(),
            "--json".as_ref(),
        ],
        &[&dat, &one_two],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["card_count"], 3);
    assert!(r.stderr.contains("card list from the Memoria sidecar SavedData_ww_Memoria_0_1.dat"));
    // A sidecar that cannot be read (a FIFO; one over 16 MiB) is reported, not dropped.
    let one_one = dir.path().join(sidecar_name(pc::PcSlot::File { slot: 0, file: 0 }));
    std::fs::remove_file(&one_one).unwrap();
    mkfifo(&one_one);
    let r =
        run(&[OsStr::new("score"), dat.as_os_str(), "--save".as_ref(), "1-1".as_ref()], &[&dat]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("SavedData_ww_Memoria_0_0.dat is beside the save but cannot be read (it is a named pipe"), "{}", r.stderr);
    let auto = dir.path().join(sidecar_name(pc::PcSlot::Autosave));
    sparse(&auto, 17 * 1024 * 1024);
    let r =
        run(&[OsStr::new("score"), dat.as_os_str(), "--save".as_ref(), "auto".as_ref()], &[&dat]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("cannot be read (it has 17825792 bytes, more than 16 MiB"),
        "{}",
        r.stderr
    );
}

#[test]
fn odds_refuses_a_table_of_sixty_million_rows_before_reading_anything() {
    let card = fixture("ff9-three-saves.mcr");
    let hand = vec!["1"; 30_000].join(",");
    let vs = vec!["4P23"; 2_000].join(",");
    let spec = format!("{}:1", card.display());
    let r = run(&["odds", &spec, "--hand", &hand, "--vs", &vs], &[&card]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("--hand lists 30000 cards; at most 1000"), "{}", r.stderr);
    let hand = vec!["1"; 200].join(",");
    let vs = vec!["4P23"; 200].join(",");
    let r = run(&["odds", &spec, "--hand", &hand, "--vs", &vs], &[&card]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("would make 40000 rows; at most 10000"), "{}", r.stderr);
}

// 3. Quadratic time.

#[test]
fn seventy_thousand_cards_are_read_as_the_first_thousand_in_linear_time() {
    let dir = tempfile::tempdir().unwrap();
    let save = write(dir.path(), "AUTO", &switch_json(&repeated(CARD, 70_000), "\"1\""));
    let r = run(&["cards", save.to_str().unwrap(), "--json"], &[&save]);
    assert_eq!(r.code, 0, "{}", tail(&r.stderr));
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["card_count"], 1000);
    let slots: Vec<u64> =
        v["cards"].as_array().unwrap().iter().map(|c| c["slot"].as_u64().unwrap()).collect();
    assert_eq!(slots, (1..=1000).collect::<Vec<u64>>(), "each card keeps its own slot");
    assert!(r.stderr.contains("69000 more entries after the first 1000"), "{}", tail(&r.stderr));
    assert!(r.stderr.contains("1000 cards: more than the game's 100"), "{}", tail(&r.stderr));
}

// 4. FIFOs as input.

#[test]
fn a_fifo_as_input_is_refused_at_once_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("p");
    mkfifo(&fifo);
    let r = run(&[OsStr::new("saves"), fifo.as_os_str()], &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("is a named pipe (FIFO)"), "{}", r.stderr);
    let spec = format!("{}:1", fifo.display());
    let r = run(&["odds", &spec, "--card", "1", "4P23"], &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("is a named pipe (FIFO)"), "{}", r.stderr);
    let r = run(&[OsStr::new("cards"), dir.path().as_os_str()], &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("is a directory"), "{}", r.stderr);
    // /dev/zero: a device, endless.
    let r = run(&["score", "/dev/zero"], &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("is a device"), "{}", r.stderr);
}

// 5. Exit codes.

#[test(needs = SharedData)]
fn recognised_containers_that_hold_nothing_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let mut gme_header = b"123-456-STD".to_vec();
    gme_header.resize(3904, 0);
    let mut files = vec![
        write(dir.path(), "a.vgs", b"VgsM"),
        write(dir.path(), "b.gme", b"123-456-STD"),
        write(dir.path(), "c.gme", &gme_header),
    ];
    let dat = shared::read("data/real/steam/SavedData_ww.dat");
    files.push(write(dir.path(), "SavedData_ww.dat", &dat[..32]));
    for f in &files {
        for json in [false, true] {
            let mut args = vec![OsStr::new("saves"), f.as_os_str()];
            if json {
                args.push("--json".as_ref());
            }
            let r = run(&args, &[f]);
            assert_eq!(r.code, 1, "{}: {}", f.display(), r.stderr);
            assert!(r.stderr.contains("holds no save that can be read"), "{}", r.stderr);
        }
    }
    if files.len() == 4 {
        let r = run(
            &[OsStr::new("cards"), files[3].as_os_str(), "--save".as_ref(), "1-1".as_ref()],
            &[&files[3]],
        );
        assert_eq!(r.code, 1, "{}", r.stderr);
        assert!(
            r.stderr.contains("holds no save that can be read, so it has no save `1-1`"),
            "{}",
            r.stderr
        );
    }
}

#[test]
fn a_save_that_does_not_exist_is_a_usage_error_with_every_command() {
    let card = fixture("ff9-three-saves.mcr");
    let r = run(&[OsStr::new("cards"), card.as_os_str(), "--save=-1".as_ref()], &[&card]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("has no save `-1`"), "{}", r.stderr);
    for sel in ["-1", "99", "x"] {
        let spec = format!("{}:{sel}", card.display());
        let r = run(&["odds", &spec, "--card", "1", "4P23"], &[&card]);
        assert_eq!(r.code, 2, "{sel}: {}", r.stderr);
        assert!(r.stderr.contains(&format!("has no save `{sel}`")), "{}", r.stderr);
    }
}

// 6. Messages.

#[test]
fn messages_name_what_the_file_really_has() {
    let dir = tempfile::tempdir().unwrap();
    let card = std::fs::read(fixture("ff9-three-saves.mcr")).unwrap();
    // Trailing data after a card is not an "unknown 0-byte header".
    let mut long = card.clone();
    long.extend([0xAB; 100]);
    let f = write(dir.path(), "long.mcr", &long);
    let r = run(&[OsStr::new("saves"), f.as_os_str()], &[&f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("100 bytes of unknown data after the card image"), "{}", r.stderr);
    assert!(!r.stderr.contains("0-byte header"), "{}", r.stderr);
    // A raw card cut to 127 KiB says so, and what is left is read.
    let f = write(dir.path(), "short.mcr", &card[..127 * 1024]);
    let r = run(&[OsStr::new("saves"), f.as_os_str()], &[&f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("a raw card image cut short: 130048 of 131072 bytes"),
        "{}",
        r.stderr
    );
    // A 64-byte PSV names no field it does not have.
    let mut psv = b"\0VSP".to_vec();
    psv.resize(64, 0);
    psv[0x3C] = 1;
    let f = write(dir.path(), "x.psv", &psv);
    let r = run(&[OsStr::new("saves"), f.as_os_str()], &[&f]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("64 bytes, shorter than its 132-byte header"), "{}", r.stderr);
    assert!(!r.stderr.contains("field"), "{}", r.stderr);
    // A counter that is not a whole number says what it is.
    let f = write(dir.path(), "AUTO", &switch_json(&repeated(CARD, 3), "1.5"));
    let r = run(&[OsStr::new("score"), f.as_os_str()], &[&f]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("sWin is 1.5, not a whole number"), "{}", r.stderr);
    // Control characters typed in a selector are escaped, never sent to the terminal.
    let c = fixture("ff9-three-saves.mcr");
    let r = run(
        &[OsStr::new("cards"), c.as_os_str(), "--save".as_ref(), "\x1b[2J\x07".as_ref()],
        &[&c],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(!r.stderr.contains('\x1b') && !r.stderr.contains('\x07'), "{:?}", r.stderr);
    assert!(r.stderr.contains("\\u{1b}[2J\\u{7}"), "{:?}", r.stderr);
}

#[test]
fn utf16_and_utf32_json_saves_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let text = String::from_utf8(switch_json(&repeated(CARD, 2), "\"4\"")).unwrap();
    let utf16le: Vec<u8> =
        [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let utf16be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let utf32le: Vec<u8> = text.chars().flat_map(|c| (c as u32).to_le_bytes()).collect();
    for (name, bytes, encoding) in
        [("a", utf16le, "UTF-16"), ("b", utf16be, "UTF-16"), ("c", utf32le, "UTF-32")]
    {
        let f = write(dir.path(), name, &bytes);
        let r = run(&[OsStr::new("cards"), f.as_os_str(), "--json".as_ref()], &[&f]);
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        assert!(r.stderr.contains(&format!("the JSON text is in {encoding}")), "{}", r.stderr);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!((v["card_count"].as_u64(), v["wins"].as_i64()), (Some(2), Some(4)));
    }
}

/// The harness measures what it claims: a run that reads a 16 MiB file shows a peak above
/// 16 MiB (so the budgets above are checked against real figures).
#[test]
fn the_measured_peak_includes_the_file_read() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("zeros.bin");
    sparse(&f, 16 * 1024 * 1024);
    let r = run(&[OsStr::new("saves"), f.as_os_str()], &[&f]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.peak_bytes > 16 * 1024 * 1024, "peak {} bytes", r.peak_bytes);
}

/// Not a test: writes the fuzz seeds of the Switch JSON and Memoria sidecar readers to
/// `QUADMIST_FUZZ_SEEDS` (see `fuzz/README.md`). The first byte is the fuzz target's
/// selector: 4 a Switch JSON save, 5 a Memoria sidecar.
#[test(needs = SharedData)]
#[ignore = "writes fuzz seeds; run by the steps in fuzz/README.md"]
fn write_fuzz_seeds_json_and_sidecars() {
    let dir = PathBuf::from(std::env::var("QUADMIST_FUZZ_SEEDS").expect("QUADMIST_FUZZ_SEEDS"));
    std::fs::create_dir_all(&dir).unwrap();
    let seed = |name: &str, selector: u8, bytes: &[u8]| {
        let mut s = vec![selector];
        s.extend_from_slice(bytes);
        std::fs::write(dir.join(name), s).unwrap();
    };
    let json = switch_json(&repeated(CARD, 3), "\"7\"");
    seed("json-small", 4, &json);
    seed(
        "json-flexible",
        4,
        &switch_json(&repeated(&CARD.replace("\"0\",\"pdef", "\"FLEXIBLE\",\"pdef"), 2), "1.5"),
    );
    let text = String::from_utf8(json.clone()).unwrap();
    let utf16: Vec<u8> =
        [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    seed("json-utf16", 4, &utf16);
    for name in ["AUTO", "DATA_SLOT0_FILE0"] {
        seed(&format!("json-real-{name}"), 4, &shared::read(&format!("data/real/switch/{name}")));
    }
    let card = |id: u64| json!({"id": id, "side": 0, "atk": 30, "type": "ASSAULT", "pdef": 2, "mdef": 3, "cpoint": 10, "arrow": 5});
    let sidecar = json!({
        "Data": {"30000_MiniGame": {"MiniGameCard": [card(1), card(2), card(99)], "sWin": 3, "sLose": "1", "sDraw": 0.0}},
        "MemoriaExtraData": {"95000_Setting": {"00001_time": 100.5}},
        "20000_Event": {"x": [1, 2.5, "s", true]}
    });
    seed("sidecar", 5, &simplejson::binary(&sidecar));
    seed(
        "sidecar-root",
        5,
        &simplejson::binary(&json!({"30000_MiniGame": {"MiniGameCard": [card(7)]}})),
    );
}

/// Found by the fuzz target: a disc byte of 255 overflowed `b + 1` (a panic in debug builds).
#[test]
fn a_disc_byte_of_255_is_no_reading() {
    use quadmist::ff9::psx::block;
    let mut data = vec![0u8; 0x400];
    data[block::DISC_OFFSET] = 255;
    assert_eq!(block::disc(&data).0, None);
    data[block::DISC_OFFSET] = 3;
    assert_eq!(block::disc(&data).0, Some(4));
}

#[test]
fn report_refuses_its_input_through_a_hard_link_and_never_opens_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let input =
        write(dir.path(), "in.mcr", &std::fs::read(fixture("ff9-three-saves.mcr")).unwrap());
    let hard = dir.path().join("hard.html");
    std::fs::hard_link(&input, &hard).unwrap();
    let r = write_out("report", &input, &hard, &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("the input file itself"), "{}", r.stderr);
    let fifo = dir.path().join("page.html");
    mkfifo(&fifo);
    let r = write_out("report", &input, &fifo, &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
}
