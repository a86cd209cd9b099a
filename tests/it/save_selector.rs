//! `FILE:S` is `FILE --save S` in every command: the command tree is walked, so a command that
//! takes a save and reads its file some other way fails here.

use crate::shared::cmd::Command;
use clap::CommandFactory;
use quadmist::cli::Cli;
use std::path::Path;
use std::time::Duration;

/// What a command needs besides its file and save to run to the end and print on stdout.
fn other_arguments(command: &str) -> Option<&'static [&'static str]> {
    match command {
        "cards" | "album" | "score" | "plan" | "missing" | "watch" => Some(&[]),
        "odds" => Some(&["--card", "2", "0P00"]),
        "report" | "icon" => Some(&["-o", "-"]),
        _ => None,
    }
}

/// Commands that run until interrupted when the save exists: only a wrong selector (which ends
/// them at once) is compared.
const UNTIL_INTERRUPTED: &[&str] = &["watch"];

/// The commands whose `--save` picks a save (`--save SAVE`) in the file named before it; not
/// those whose `--save` takes a file itself (`--save FILE[:S]`).
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
    for expected in ["cards", "album", "score", "plan", "odds", "report", "icon", "watch"] {
        assert!(commands.iter().any(|c| c == expected), "{expected} not found in {commands:?}");
    }
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ff9-three-saves.mcr");
    let file = file.to_str().unwrap();
    let mut differ = Vec::new();
    for command in &commands {
        let Some(other) = other_arguments(command) else {
            panic!("`{command}` takes --save: add what else it needs to other_arguments()");
        };
        // Save 1 exists; save 9 does not (a usage error that names the saves there are).
        for save in ["1", "9"] {
            if save == "1" && UNTIL_INTERRUPTED.contains(&command.as_str()) {
                continue;
            }
            let with = |first: Vec<String>| -> Vec<String> {
                let mut args = vec![command.clone()];
                args.extend(first);
                args.extend(other.iter().map(|s| s.to_string()));
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
