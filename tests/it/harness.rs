//! The runner of the integration tests (`tests/it` is a `harness = false` binary run by
//! libtest-mimic, which takes the same arguments and prints the same lines as the built-in
//! harness).
//!
//! A test states what it needs from outside Cargo in its attribute, `#[test(needs = Tmux)]`
//! (the `#[test]` of `tests/harness-macros`, which registers it here). Whether each need is
//! met is decided when the tests run, never when they are built, so that installing tmux or
//! laying `../shared` beside the checkout takes effect at the next `cargo test`. A test whose
//! need is missing is listed as ignored, and the last line of the run says how many were
//! skipped, for want of what, and how to get it. Under `CI=true` nothing is skipped: such a
//! test fails with the same words.
//!
//! With `QUADMIST_TEST_TIMES` set, each test that runs prints its time on stderr
//! (`time 12.345 s game_search::...`), to find what makes the run long, and on Unix the CPU
//! time the process and the programs it ran spent meanwhile (`cpu 9.876 s ...`), which a busy
//! machine disturbs less; with `--test-threads=1`, that is the test's own.
//!
//! The longest tests start first ([`LONG_FIRST`]), and one more test runs at once than the
//! machine has cores ([`default_threads`]), so that the cores stay busy to the end of the run.

use std::cell::Cell;
use std::path::PathBuf;

/// What a test needs that Cargo does not build. Each says once how it is found and how to get
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// `../shared/data/real`: the genuine saves made by other people, kept beside the checkout
    /// and never copied into the project.
    SharedData,
    /// Headless Chromium, which loads the report pages as a browser would.
    Chromium,
    /// tmux, which runs `quadmist play` on a real terminal and reads its screen back.
    Tmux,
}

impl Need {
    const ALL: [Need; 3] = [Need::SharedData, Need::Chromium, Need::Tmux];

    /// What is needed, as the summary names it.
    fn name(self) -> &'static str {
        match self {
            Need::SharedData => "../shared/data/real",
            Need::Chromium => "Chromium",
            Need::Tmux => "tmux",
        }
    }

    /// How to get it.
    fn remedy(self) -> &'static str {
        match self {
            Need::SharedData => "lay the project's shared folder beside the checkout",
            Need::Chromium => "apt-get install -y chromium, or set QUADMIST_CHROMIUM",
            Need::Tmux => "apt-get install -y tmux",
        }
    }

    fn is_met(self) -> bool {
        match self {
            Need::SharedData => shared_dir().join("data/real").is_dir(),
            Need::Chromium => chromium().is_some(),
            Need::Tmux => on_path("tmux").is_some(),
        }
    }
}

/// `../shared` beside the checkout.
pub fn shared_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

/// The Chromium to run: `QUADMIST_CHROMIUM`, else the first of Debian's, Ubuntu's and Google's
/// names on the `PATH`.
pub fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("QUADMIST_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    ["chromium", "chromium-browser", "google-chrome"].into_iter().find_map(on_path)
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}

/// A test, as `#[test]` registers it.
pub struct Test {
    /// `module_path!()` where it is written (`it::play_cli`).
    pub module: &'static str,
    pub name: &'static str,
    pub needs: &'static [Need],
    /// `#[ignore]`'s reason (empty for a bare `#[ignore]`).
    pub ignore: Option<&'static str>,
    pub run: fn(),
}

inventory::collect!(Test);

impl Test {
    /// The name libtest would give it: its module path in the crate, then its own.
    fn full_name(&self) -> String {
        let module = self.module.split_once("::").map_or("", |(_, rest)| rest);
        if module.is_empty() {
            self.name.to_string()
        } else {
            format!("{module}::{}", self.name)
        }
    }
}

thread_local! {
    /// The needs of the test running on this thread (`None` on threads the harness did not
    /// start).
    static DECLARED: Cell<Option<&'static [Need]>> = const { Cell::new(None) };
}

/// Fails the running test if it uses `need` without declaring it, so that the declaration
/// stays the one place that says what a test needs (and a test is never run where the need
/// is missing). Helpers that reach outside Cargo call it.
pub fn uses(need: Need) {
    DECLARED.with(|declared| {
        if let Some(declared) = declared.get() {
            assert!(
                declared.contains(&need),
                "this test uses {} but does not declare it: write #[test(needs = {need:?})]",
                need.name()
            );
        }
    });
}

/// Every registered test, in libtest's order (by name).
pub fn tests() -> Vec<(String, &'static Test)> {
    let mut tests: Vec<_> =
        inventory::iter::<Test>.into_iter().map(|t| (t.full_name(), t)).collect();
    tests.sort_by(|a, b| a.0.cmp(&b.0));
    tests
}

/// The tests that take 1.3 s or more alone (`QUADMIST_TEST_TIMES`, one thread), longest
/// first; of the layer checks, which share one parse of the sources, only one. They start
/// before all others: by name, the longest (`width80`, `watch_cli`) came
/// last, and the last 12 s of a 46 s run were theirs, one core mostly waiting on the watch
/// tests.
const LONG_FIRST: [&str; 24] = [
    "width80::every_line_of_every_command_fits_80_columns",
    "watch_cli::each_change_is_reported_once_and_a_half_written_card_never",
    "game_search::the_shown_chance_to_win_hardly_moves_with_the_budget",
    "bounds::a_switch_card_list_of_millions_of_zeros_reads_the_first_thousand_entries",
    "play_cli::play_on_a_terminal_through_tmux",
    "game_search::the_recalibration_changes_the_figures_shown_and_no_move",
    "finding_kinds::every_finding_of_a_damaged_file_has_a_kind_of_its_own",
    "watch_cli::a_switch_save_cut_short_is_not_reported_and_the_finished_write_is",
    "report_browser::a_desktop_screenshot_at_1280_px_is_not_blank",
    "help_text::every_help_fits_and_has_no_orphan_line_at_60_80_and_120_columns",
    "report_browser::the_dark_scheme_has_a_dark_background",
    "missing_cli::the_list_takes_at_most_two_and_a_half_lines_a_missing_card",
    "report_browser::it_prints_on_a4_pages",
    "game_cli::simulate_with_the_adviser_is_the_same_on_any_machine_and_thread_count",
    "report_browser::the_page_of_a_whole_card_shows_each_save",
    "bounds::a_switch_card_list_of_millions_of_empty_objects_is_bounded_too",
    "game_search::a_node_budget_stops_at_its_count_and_gives_the_same_answer_on_any_clock",
    "report_browser::the_rendered_dom_has_100_cards_the_copies_and_the_points_of_save_3",
    "report_browser::a_phone_screenshot_at_390_px_is_not_blank",
    "layers::every_file_has_a_layer",
    "report_browser::the_rendered_dom_has_100_cards_the_copies_and_the_points_of_save_1",
    "odds_dice::seeded_monte_carlo_agrees_within_three_standard_deviations",
    "psx_block::random_blocks_never_panic",
    "game_cli::simulate_calibration_follows_its_records",
];

/// The order the tests start in: those of [`LONG_FIRST`] in its order, then the others by
/// name.
fn run_order(tests: &mut [(String, &'static Test)]) {
    let rank = |name: &str| LONG_FIRST.iter().position(|l| *l == name).unwrap_or(LONG_FIRST.len());
    tests.sort_by_key(|(name, _)| rank(name));
}

/// Runs the tests the arguments select and ends the process with libtest's exit code.
pub fn main() {
    let mut args = libtest_mimic::Arguments::from_args();
    args.test_threads = args.test_threads.or_else(default_threads);
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let missing: Vec<Need> = Need::ALL.into_iter().filter(|n| !n.is_met()).collect();
    let timed = std::env::var_os("QUADMIST_TEST_TIMES").is_some();
    let mut count = Count::default();
    let mut trials = Vec::new();
    let mut tests = tests();
    // `--list` keeps libtest's order.
    if !args.list {
        run_order(&mut tests);
    }
    for (name, test) in tests {
        let lacking: Vec<Need> =
            test.needs.iter().copied().filter(|n| missing.contains(n)).collect();
        if !test.needs.is_empty() && test.ignore.is_none() && selected(&args, &name) {
            count.needing += 1;
            if !lacking.is_empty() {
                count.lacking.push(lacking.clone());
            }
        }
        let ignored = test.ignore.is_some() || (!lacking.is_empty() && !ci);
        let trial = libtest_mimic::Trial::test(name.clone(), move || {
            if !lacking.is_empty() {
                return Err(want(&lacking).into());
            }
            DECLARED.with(|d| d.set(Some(test.needs)));
            let start = std::time::Instant::now();
            let cpu = cpu_seconds();
            (test.run)();
            if timed {
                eprintln!("time {:.3} s {name}", start.elapsed().as_secs_f64());
                if let (Some(before), Some(after)) = (cpu, cpu_seconds()) {
                    eprintln!("cpu {:.3} s {name}", after - before);
                }
            }
            DECLARED.with(|d| d.set(None));
            Ok(())
        });
        trials.push(trial.with_ignored_flag(ignored));
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if !args.list {
        // `--ignored` and `--include-ignored` run the tests that would be skipped.
        println!("{}", count.summary(ci || args.ignored || args.include_ignored));
    }
    conclusion.exit();
}

/// How many tests run at once without `--test-threads`: `RUST_TEST_THREADS` as libtest reads
/// it (libtest-mimic does not), else one more than the cores. Some tests wait (the watch
/// tests' quiet windows, programs started and read back), and with one test per core that core
/// idled meanwhile: on 2 cores, a run of 41 s used 67 s of CPU. Alternated, 3 threads ran the
/// suite in 39, 36, 36 and 32 s, 2 threads in 41, 39, 41 and 42 s.
fn default_threads() -> Option<usize> {
    match std::env::var("RUST_TEST_THREADS") {
        Ok(n) => n.parse().ok().filter(|&n| n > 0),
        Err(_) => std::thread::available_parallelism().ok().map(|n| n.get() + 1),
    }
}

/// The CPU time (user and system) of this process and of the children it has waited for.
#[cfg(unix)]
fn cpu_seconds() -> Option<f64> {
    let seconds = |who| {
        // SAFETY: getrusage only writes the struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        (unsafe { libc::getrusage(who, &mut usage) } == 0).then(|| {
            let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            tv(usage.ru_utime) + tv(usage.ru_stime)
        })
    };
    Some(seconds(libc::RUSAGE_SELF)? + seconds(libc::RUSAGE_CHILDREN)?)
}

#[cfg(not(unix))]
fn cpu_seconds() -> Option<f64> {
    None
}

/// Why a test cannot run here, and how to get what it needs.
fn want(lacking: &[Need]) -> String {
    let each: Vec<String> =
        lacking.iter().map(|n| format!("{} is missing ({})", n.name(), n.remedy())).collect();
    format!(
        "needs what is not here: {} (under CI=true it fails instead of being skipped)",
        each.join("; ")
    )
}

/// The tests of a run that need something from outside Cargo.
#[derive(Default)]
struct Count {
    /// How many the run selects.
    needing: usize,
    /// What each of those that cannot run here lacks.
    lacking: Vec<Vec<Need>>,
}

impl Count {
    /// The run's last line: how many tests were skipped (or, when they are run anyway, failed)
    /// for want of what, and how to get it; or that none was, out of how many.
    fn summary(&self, run_anyway: bool) -> String {
        let verb = if run_anyway && !self.lacking.is_empty() { "failed" } else { "skipped" };
        let head = format!("tests {verb} for want of a program or ../shared");
        if self.lacking.is_empty() {
            return match self.needing {
                0 => format!("{head}: none (none of these tests needs one)"),
                1 => format!("{head}: none (the 1 test that needs one has it)"),
                n => format!("{head}: none (all {n} tests that need one have it)"),
            };
        }
        let each: Vec<String> = Need::ALL
            .iter()
            .filter_map(|&need| {
                let n = self.lacking.iter().filter(|l| l.contains(&need)).count();
                let verb = if n == 1 { "needs" } else { "need" };
                (n > 0).then(|| format!("{n} {verb} {} ({})", need.name(), need.remedy()))
            })
            .collect();
        format!("{head}: {} of {}; {}", self.lacking.len(), self.needing, each.join("; "))
    }
}

/// Whether libtest-mimic keeps the test of this name with these arguments: its filter,
/// `--exact` and `--skip`, as it applies them.
fn selected(args: &libtest_mimic::Arguments, name: &str) -> bool {
    let matches = |pattern: &str| if args.exact { name == pattern } else { name.contains(pattern) };
    if args.filter.as_deref().is_some_and(|f| !matches(f)) {
        return false;
    }
    !args.skip.iter().any(|s| matches(s))
}

/// Each `#[test]` written under `tests/it` is registered: none sits in a `#[cfg(test)]`
/// module (false in a `harness = false` binary) or anywhere else the harness's attribute does
/// not reach, where it would never run and never fail.
#[test]
fn every_test_written_here_is_registered() {
    fn count(dir: &std::path::Path) -> usize {
        let mut n = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                n += count(&path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let lines = || text.lines().map(str::trim_start);
                let at = path.display();
                assert!(
                    !lines().any(|l| l.starts_with("#[cfg(test)]")),
                    "{at}: cfg(test) is false here"
                );
                n += lines()
                    .filter(|l| l.starts_with("#[test]") || l.starts_with("#[test("))
                    .count();
            }
        }
        n
    }
    let written = count(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it"));
    // By hand: more than the 305 tests the built-in harness ran before this one.
    assert!(written > 305, "{written}");
    assert_eq!(tests().len(), written);
}

#[test]
fn the_summary_counts_each_test_once_and_names_each_need_with_its_remedy() {
    use Need::*;
    let none = Count { needing: 5, lacking: vec![] };
    assert_eq!(
        none.summary(false),
        "tests skipped for want of a program or ../shared: none (all 5 tests that need one have it)"
    );
    assert!(Count { needing: 1, lacking: vec![] }
        .summary(false)
        .ends_with("(the 1 test that needs one has it)"));
    assert!(Count::default().summary(false).ends_with("(none of these tests needs one)"));
    assert!(none
        .summary(true)
        .starts_with("tests skipped for want of a program or ../shared: none"));
    let some = Count {
        needing: 5,
        lacking: vec![vec![SharedData], vec![Tmux], vec![SharedData, Chromium]],
    };
    let each = "2 need ../shared/data/real (lay the project's shared folder beside the checkout); \
                1 needs Chromium (apt-get install -y chromium, or set QUADMIST_CHROMIUM); \
                1 needs tmux (apt-get install -y tmux)";
    assert_eq!(
        some.summary(false),
        format!("tests skipped for want of a program or ../shared: 3 of 5; {each}")
    );
    assert_eq!(
        some.summary(true),
        format!("tests failed for want of a program or ../shared: 3 of 5; {each}")
    );
}

/// Each test named to start first exists (a renamed one would silently lose its place), and
/// the order puts them first, in their order, the others by name after them.
#[test]
fn the_long_tests_start_first() {
    let mut tests = tests();
    let names: Vec<&str> = tests.iter().map(|(n, _)| n.as_str()).collect();
    for long in LONG_FIRST {
        assert!(names.contains(&long), "{long} is not a test");
    }
    run_order(&mut tests);
    let (first, rest) = tests.split_at(LONG_FIRST.len());
    assert!(first.iter().map(|(n, _)| n.as_str()).eq(LONG_FIRST));
    assert!(rest.windows(2).all(|w| w[0].0 < w[1].0));
}

#[test]
fn tests_are_counted_as_libtest_mimic_filters_them() {
    let args = |a: &[&str]| {
        libtest_mimic::Arguments::from_iter(std::iter::once("it").chain(a.iter().copied()))
    };
    let name = "play_cli::play_on_a_terminal_through_tmux";
    assert!(selected(&args(&[]), name));
    assert!(selected(&args(&["play_cli"]), name));
    assert!(!selected(&args(&["report_"]), name));
    assert!(!selected(&args(&["--exact", "play_cli"]), name));
    assert!(selected(&args(&["--exact", name]), name));
    assert!(!selected(&args(&["--skip", "tmux"]), name));
}
