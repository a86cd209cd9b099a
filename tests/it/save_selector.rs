//! `FILE:S` is `FILE --save S` in every command: the command tree is walked, so a command that
//! takes a save and reads its file some other way fails here.

use crate::shared::cmd::Command;
use clap::CommandFactory;
use quadmist::cli::Cli;
use std::path::Path;
use std::time::Duration;

/// What a command needs besides its file and save to run to the end and print on stdout: the
/// arguments before the file, the option that takes the file (none: it is positional) and the
/// arguments after the save.
type Shape = (&'static [&'static str], Option<&'static str>, &'static [&'static str]);

fn other_arguments(command: &str) -> Option<Shape> {
    /// A position with my hand `*`: my five cards come from the save.
    const POSITION: &str = "..../..../..../....;*;1P23@N,2M12@E,0P31@S,3P20@W,1P11@N+S";
    /// Five slots that save 1 of the fixture holds.
    const HAND: &[&str] = &["--hand", "2,3,4,5,7", "--budget-ms", "20"];
    match command {
        "cards" | "album" | "score" | "plan" | "missing" | "watch" => Some((&[], None, &[])),
        "odds" => Some((&[], None, &["--card", "2", "0P00"])),
        "report" | "icon" => Some((&[], None, &["-o", "-"])),
        "advise" => Some((&[POSITION], Some("--file"), HAND)),
        "play" => Some((&[], Some("--file"), HAND)),
        _ => None,
    }
}

/// Commands that run until interrupted when the save exists, or that need a terminal (stdin
/// and stdout are pipes here): only a wrong selector (which ends them at once) is compared.
const UNTIL_INTERRUPTED: &[&str] = &["watch", "play"];

/// The commands whose `--save` picks a save (`--save SAVE`) in the file named with it (every
/// `--save`: see `every_save_option_takes_a_save_never_a_file`).
fn commands_taking_a_save() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .filter(|c| {
            c.get_arguments().any(|a| {
                a.get_long() == Some("save")
                    && a.get_value_names().is_some_and(|v| v.iter().any(|n| n == "SAVE"))
            })
        })
        .map(|c| c.get_name().to_string())
        .collect()
}

/// Exit code, stdout and stderr of one run.
fn run(args: &[String]) -> (Option<i32>, Vec<u8>, String) {
    let out = Command::quadmist()
        .args(args)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (out.status.code(), out.stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn every_command_taking_a_save_reads_file_colon_save_as_file_dash_dash_save() {
    let commands = commands_taking_a_save();
    for expected in
        ["cards", "album", "score", "plan", "odds", "report", "icon", "watch", "advise", "play"]
    {
        assert!(commands.iter().any(|c| c == expected), "{expected} not found in {commands:?}");
    }
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ff9-three-saves.mcr");
    let file = file.to_str().unwrap();
    let mut differ = Vec::new();
    for command in &commands {
        let Some((before, file_option, after)) = other_arguments(command) else {
            panic!("`{command}` takes --save: add what else it needs to other_arguments()");
        };
        // Save 1 exists; save 9 does not (a usage error that names the saves there are).
        for save in ["1", "9"] {
            if save == "1" && UNTIL_INTERRUPTED.contains(&command.as_str()) {
                continue;
            }
            let with = |first: Vec<String>| -> Vec<String> {
                let mut args = vec![command.clone()];
                args.extend(before.iter().map(|s| s.to_string()));
                args.extend(file_option.map(String::from));
                args.extend(first);
                args.extend(after.iter().map(|s| s.to_string()));
                args
            };
            let flag = run(&with(vec![file.into(), "--save".into(), save.into()]));
            let suffix = run(&with(vec![format!("{file}:{save}")]));
            if save == "1" {
                assert_eq!(flag.0, Some(0), "{command} {file} --save 1: {}", flag.2);
                assert!(!flag.1.is_empty(), "{command} {file} --save 1 printed nothing");
            } else {
                assert_eq!(flag.0, Some(2), "{command} {file} --save 9: {}", flag.2);
            }
            if flag != suffix {
                differ.push(format!(
                    "{command} FILE:{save} (exit {:?}: {}) differs from FILE --save {save} (exit \
                     {:?}: {})",
                    suffix.0,
                    suffix.2.trim(),
                    flag.0,
                    flag.2.trim()
                ));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// `--save` means one thing in every command: the save, never the file (`advise` and `play`
/// once took `--save FILE:S`).
#[test]
fn every_save_option_takes_a_save_never_a_file() {
    let mut wrong = Vec::new();
    for c in Cli::command().get_subcommands() {
        for a in c.get_arguments().filter(|a| a.get_long() == Some("save")) {
            let names: Vec<String> =
                a.get_value_names().into_iter().flatten().map(|n| n.to_string()).collect();
            if names != ["SAVE"] {
                wrong.push(format!("{} --save {names:?}", c.get_name()));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:?}");
    assert!(commands_taking_a_save().len() >= 10);
}

/// A save named twice, as `FILE:S` and with `--save S`, is a usage error (exit 2) in every
/// command, not a missing file named `FILE:S` (exit 1, as it once was).
#[test]
fn a_save_named_twice_is_a_usage_error_in_every_command() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ff9-three-saves.mcr");
    let spec = format!("{}:1", file.display());
    for command in commands_taking_a_save() {
        let (before, file_option, after) = other_arguments(&command).expect("known command");
        let mut args = vec![command.clone()];
        args.extend(before.iter().map(|s| s.to_string()));
        args.extend(file_option.map(String::from));
        args.extend([spec.clone(), "--save".into(), "2".into()]);
        args.extend(after.iter().map(|s| s.to_string()));
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("the save is named twice"), "{args:?}: {err}");
    }
}
