//! `quadmist FILE` (what a save dropped onto the program starts) end to end: the page of every
//! save in the file written to a new file in the temporary folder (TMPDIR), named on standard
//! output, and opened through `$BROWSER` (a stub script that records its argument); `quadmist`
//! alone prints the short help.

use crate::shared::cmd::Command;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Runs `quadmist` with `args`, its temporary folder `tmp` and `browser` as `$BROWSER` (none
/// when `None`): (stdout, stderr, exit code).
fn run(args: &[&str], tmp: &Path, browser: Option<&Path>) -> (String, String, i32) {
    let mut cmd = Command::quadmist();
    cmd.args(args).env("TMPDIR", tmp).env("NO_COLOR", "1").env("COLUMNS", "80");
    match browser {
        Some(b) => cmd.env("BROWSER", b),
        // No browser at all: nothing may be started by a test that does not ask for one.
        None => cmd.env("BROWSER", tmp.join("no-such-browser")).env("PATH", ""),
    };
    let out = cmd.timeout(Duration::from_secs(60)).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
        out.status.code().unwrap_or(-1),
    )
}

/// The page named after `is` in standard output (on its line, or alone on the next one when
/// the line would be too wide), which must be in `tmp`.
fn page_path(stdout: &str, tmp: &Path) -> PathBuf {
    let mut lines = stdout.lines().skip_while(|l| *l != "is" && !l.starts_with("is "));
    let path = match lines.next().expect("a line `is PATH`") {
        "is" => lines.next().expect("the page's path after `is`").to_string(),
        line => line["is ".len()..].to_string(),
    };
    let path = PathBuf::from(path);
    assert_eq!(path.parent(), Some(tmp), "{stdout}");
    path
}

/// The points of each save's part of the page, in order.
fn points(page: &str) -> Vec<u32> {
    page.split("data-points=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
        .collect()
}

#[test]
fn a_file_alone_writes_the_page_of_all_its_saves() {
    let tmp = tempfile::tempdir().unwrap();
    let (out, err, code) = run(&["fixtures/ff9-three-saves.mcr", "--no-open"], tmp.path(), None);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(err, "");
    let path = page_path(&out, tmp.path());
    assert_eq!(
        out,
        format!(
            "The page of these 3 saves:\n\
             \x20 fixtures/ff9-three-saves.mcr:1  Zidane Lv 52, disc 3, Black Mage Village,\n\
             \x20     34:05:41\n\
             \x20 fixtures/ff9-three-saves.mcr:2  Zidane Lv 34, disc 2, Lindblum, 18:40:33\n\
             \x20 fixtures/ff9-three-saves.mcr:3  Zidane Lv 11, disc 1, Dali, 5:12:09\n\
             is {}\nOpen it in a browser.\n",
            path.display()
        )
    );
    let name = path.file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with("quadmist-ff9-three-saves-") && name.ends_with(".html"), "{name}");
    let page = std::fs::read_to_string(&path).unwrap();
    // fixtures/README.md: saves 1, 2 and 3 hold 83, 47 and 18 cards; `score` gives 915, 553
    // and 226 points.
    assert_eq!(points(&page), [915, 553, 226]);
    assert_eq!(page.matches("class=\"save-label\"").count(), 3);
    for (k, cards) in [(1, 83), (2, 47), (3, 18)] {
        assert!(page.contains(&format!("href=\"#save-{k}\">Save {k}</a>")), "save {k} listed");
        assert!(page.contains(&format!(", {cards} cards, ")), "save {k}: {cards} cards");
        // Each save's own album, and its cards under its own names.
        assert!(page.contains(&format!("id=\"s{k}-album\"")), "save {k}'s album");
        assert!(page.contains(&format!("name=\"s{k}-album\"")), "save {k}'s card group");
    }
    // Every name once, every link to a name on the page.
    let ids: Vec<&str> = page.split(" id=\"").skip(1).map(|r| &r[..r.find('"').unwrap()]).collect();
    let unique: std::collections::HashSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "a name given twice");
    for link in page.split("href=\"#").skip(1).map(|r| &r[..r.find('"').unwrap()]) {
        assert!(unique.contains(link), "a link to #{link}, which is not on the page");
    }
    assert_eq!(page.matches("<html").count(), 1);
    assert_eq!(page.matches("<script>").count(), 1);
}

#[test]
fn a_file_with_one_save_gets_the_report_page() {
    let tmp = tempfile::tempdir().unwrap();
    let (out, err, code) = run(&["fixtures/ff9-file1.mcs", "--no-open"], tmp.path(), None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with(
            "The page of this save:\n  fixtures/ff9-file1.mcs:1  Zidane Lv 52, disc 3, Black \
             Mage Village, 34:05:41\nis "
        ),
        "{out}"
    );
    let page = std::fs::read(page_path(&out, tmp.path())).unwrap();
    let report = tmp.path().join("report.html");
    let (rout, rerr, rcode) = run(
        &["report", "fixtures/ff9-file1.mcs", "-o", report.to_str().unwrap()],
        tmp.path(),
        None,
    );
    assert_eq!(rcode, 0, "{rout}{rerr}");
    assert!(page == std::fs::read(&report).unwrap(), "not the page `report` writes");
}

#[test]
fn file_colon_save_writes_that_save_only() {
    let tmp = tempfile::tempdir().unwrap();
    let (out, err, code) = run(&["--no-open", "fixtures/ff9-three-saves.gme:2"], tmp.path(), None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with(
            "The page of this save:\n  fixtures/ff9-three-saves.gme:2  Zidane Lv 34, disc 2, \
             Lindblum, 18:40:33\nis "
        ),
        "{out}"
    );
    let page = std::fs::read_to_string(page_path(&out, tmp.path())).unwrap();
    assert_eq!(points(&page), [553]);
}

#[test]
fn the_page_opens_in_the_browser() {
    let tmp = tempfile::tempdir().unwrap();
    let record = tmp.path().join("opened");
    let done = tmp.path().join("done");
    let browser = tmp.path().join("browser.sh");
    // Shell built-ins only (no program from the PATH): the record, then a mark that it is whole.
    std::fs::write(
        &browser,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\n: > '{}'\n",
            record.display(),
            done.display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&browser, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let (out, err, code) = run(&["fixtures/ff9-file1.psv"], tmp.path(), Some(&browser));
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(err, "");
    let path = page_path(&out, tmp.path());
    assert!(out.ends_with("It opens in your browser.\n"), "{out}");
    // The browser is started, not waited for: its record comes a little later.
    let start = Instant::now();
    while !done.exists() {
        assert!(start.elapsed() < Duration::from_secs(30), "the browser was never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    let opened = std::fs::read_to_string(&record).unwrap();
    assert_eq!(opened, format!("file://{}\n", path.display()));
    assert!(std::fs::read_to_string(&path).unwrap().contains("data-points=\"915\""));
}

#[test]
fn without_a_browser_the_page_is_still_written() {
    let tmp = tempfile::tempdir().unwrap();
    let (out, err, code) = run(&["fixtures/ff9-file1.mcs"], tmp.path(), None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(page_path(&out, tmp.path()).is_file());
    assert!(err.starts_with("warning: no browser could be started"), "{err}");
    assert!(err.contains("open the page yourself"), "{err}");
}

#[test]
fn no_arguments_is_the_short_help() {
    let tmp = tempfile::tempdir().unwrap();
    let (out, err, code) = run(&[], tmp.path(), None);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.contains("quadmist FILE   "), "{out}");
    assert!(out.contains("quadmist --help"), "{out}");
    // Started from a terminal, not from Explorer: no word of dropping, no wait.
    assert!(!out.contains("drop"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
}

#[test]
fn errors_of_the_drop_form() {
    let tmp = tempfile::tempdir().unwrap();
    let (out, err, code) = run(&["no-such-save.mcr", "--no-open"], tmp.path(), None);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.starts_with("error: cannot open no-such-save.mcr"), "{err}");
    // A file that holds no FF9 save.
    let (_, err, code) = run(&["Cargo.toml", "--no-open"], tmp.path(), None);
    assert_eq!(code, 1, "{err}");
    // A mistyped command is clap's, with its suggestion, not a file.
    let (_, err, code) = run(&["scor"], tmp.path(), None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("similar subcommand exists: 'score'"), "{err}");
    // Nothing was written.
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
}
