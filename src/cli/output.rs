//! What goes to the terminal besides findings: text and JSON on stdout (colour stripped off a
//! terminal and with `NO_COLOR`), errors on stderr, and text from files made printable.

use super::error::CliError;
use crate::model::Severity;
use anstyle::{AnsiColor, Style};
use std::io::Write;

/// The colour of a severity's label.
pub fn severity_style(s: Severity) -> Style {
    match s {
        Severity::Info => Style::new().fg_color(Some(AnsiColor::Cyan.into())),
        Severity::Warning => Style::new().fg_color(Some(AnsiColor::Yellow.into())),
        Severity::Error => Style::new().fg_color(Some(AnsiColor::Red.into())).bold(),
    }
}

/// `text` with control characters (but line breaks) escaped as `\u{..}`, `\t`, `\r`, so
/// nothing read from a file or typed on the command line can drive the terminal.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return text.into();
    }
    text.chars()
        .map(
            |c| if c.is_control() && c != '\n' { c.escape_default().to_string() } else { c.into() },
        )
        .collect::<String>()
        .into()
}

/// Prints an error message on stderr.
pub fn print_error(message: &str) {
    let st = severity_style(Severity::Error);
    let text = super::text::fit(
        &format!("error: {}", printable(message)),
        super::text::term_width(),
        "  ",
    );
    let _ = writeln!(anstream::stderr(), "{st}error{st:#}{}", &text[5..]);
}

/// Writes a value as pretty JSON on stdout.
pub fn print_json<T: serde::Serialize>(value: &T) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// A stdout writer that strips colour when stdout is not a terminal or `NO_COLOR` is set.
pub fn stdout() -> anstream::AutoStream<std::io::Stdout> {
    anstream::stdout()
}

/// Writes `text` through [`stdout`]. When colour is stripped and the text's only escape codes
/// are the SGR ones quadmist writes, they are cut out here in one pass, as anstream would
/// (checked against it in the tests), instead of anstream's pass over every byte.
pub fn print_text(text: &str) -> std::io::Result<()> {
    let mut out = stdout();
    if out.current_choice() == anstream::ColorChoice::Never {
        if let Some(plain) = without_sgr(text) {
            return std::io::stdout().lock().write_all(plain.as_bytes());
        }
    }
    write!(out, "{text}")
}

/// `text` without its SGR sequences (`ESC [`, digits and `;`, `m`), or `None` when it holds
/// another escape or control character than a line break.
fn without_sgr(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut plain = String::with_capacity(text.len());
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        // Control characters: C0 but the line break, DEL, and C1 (0xC2 0x80..=0x9F in UTF-8).
        let b = bytes[i];
        let control = (b < 0x20 && b != b'\n')
            || b == 0x7f
            || (b == 0xc2 && matches!(bytes.get(i + 1), Some(0x80..=0x9f)));
        if !control {
            i += 1;
            continue;
        }
        plain.push_str(&text[start..i]);
        let body = text[i..].strip_prefix("\x1b[")?;
        let end = body.find(|c: char| !(c.is_ascii_digit() || c == ';'))?;
        let after = body[end..].strip_prefix('m')?;
        i = text.len() - after.len();
        start = i;
    }
    plain.push_str(&text[start..]);
    Some(plain)
}

/// A `--json` document about one save: the save's header (its identity, as every command
/// names it), then the command's own keys.
#[derive(Debug, serde::Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SaveDocument<'a, T> {
    /// Which save: the file, the `--save` selector, leader and level, disc, place, play time.
    pub header: crate::report::header::SaveHeader,
    /// The command's own keys.
    #[serde(flatten)]
    pub body: &'a T,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::sim::GameRng;
    use crate::rules::creation::RangeRng;

    #[test]
    fn sgr_codes_go_as_anstream_strips_them_and_other_escapes_are_left_to_it() {
        let pieces = [
            "a",
            "Slot",
            " ",
            "\n",
            "→",
            "·",
            "ファ",
            "−",
            "\x1b[1m",
            "\x1b[0m",
            "\x1b[31;1m",
            "\x1b[m",
            "\x1b]",
            "\x1b",
            "\x1bX",
            "\t",
            "\x07",
            "\u{85}",
            "\u{9b}",
            "\x1b[2J",
            "[",
            "m",
            "\x7f",
        ];
        let mut rng = GameRng::new(13, 0);
        let mut fast = 0;
        for case in 0..5000 {
            let text: String = (0..1 + case % 12)
                .map(|_| pieces[rng.range(0, pieces.len() as u32) as usize])
                .collect();
            if let Some(plain) = without_sgr(&text) {
                assert_eq!(plain, anstream::adapter::strip_str(&text).to_string(), "{text:?}");
                fast += 1;
            }
        }
        assert!(fast > 500, "{fast}");
    }
}
