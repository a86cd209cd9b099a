//! Help pages and man pages, from one source: the command line's own definition.
//!
//! clap wraps every line of help to the width ([`width`]) and continues a wrapped line at that
//! line's own indentation. The text shown after the options (each command's `after_help`) is
//! written for that, never wrapped by hand:
//!
//! - a paragraph is one line (`\` at the end of a source line joins it to the next);
//! - a heading is a line of its own that ends with `:` (`Examples:`, `Columns:`);
//! - a list entry is its term on a line indented 2, then its description on the next line
//!   indented 6, so that the description wraps under itself;
//! - an example, under `Examples:`, is what it does on a line indented 2 (ending with `:`),
//!   then the command on the next line indented 6;
//! - a line indented 4 is kept as it is (a picture).
//!
//! Example commands are the one thing laid out here rather than by clap: a command too long
//! for the width continues 4 columns further in (a hanging indent), where clap would continue
//! it at its own indentation. [`command`] gives the tree with that done for the width, and
//! the man pages (`man.rs`, with the `manual` feature) are made from the same source.

use super::text;

/// The widest help is laid out: clap's `max_term_width` of the top-level command.
pub const MAX_WIDTH: usize = 80;

/// The width help is laid out for: the terminal's ([`text::term_width`]), at most
/// [`MAX_WIDTH`].
pub fn width() -> usize {
    text::term_width().min(MAX_WIDTH)
}

/// `cmd`, the command line's tree, with its help laid out for `width` columns: clap told the width (rather
/// than finding it on its own, so that it wraps at the width the examples are laid out for),
/// every example command wrapped with a hanging indent, and the last words of every paragraph
/// bound ([`bind_last_words`]).
pub fn command_for(cmd: clap::Command, width: usize) -> clap::Command {
    fn lay_out(cmd: clap::Command, width: usize) -> clap::Command {
        let cmd = match cmd.get_after_help().map(|h| h.to_string()) {
            Some(source) => cmd.after_help(layout(&source, width)),
            None => cmd,
        };
        let cmd = match cmd.get_about().map(|h| bind_last_words(&h.to_string())) {
            Some(about) => cmd.about(about),
            None => cmd,
        };
        let cmd = match cmd.get_long_about().map(|h| bind_last_words(&h.to_string())) {
            Some(about) => cmd.long_about(about),
            None => cmd,
        };
        let cmd = cmd.mut_args(|a| {
            let help = a.get_help().map(|h| bind_last_words(&h.to_string()));
            let long = a.get_long_help().map(|h| bind_last_words(&h.to_string()));
            let a = match help {
                Some(h) => a.help(h),
                None => a,
            };
            match long {
                Some(h) => a.long_help(h),
                None => a,
            }
        });
        let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
        names.iter().fold(cmd, |cmd, name| cmd.mut_subcommand(name, |sub| lay_out(sub, width)))
    }
    let mut cmd = lay_out(cmd.term_width(width), width);
    // clap's own `help` subcommand, added when the tree is built, with words that fit.
    cmd.build();
    cmd.mut_subcommand("help", |h| h.about("Print the help of quadmist or of a command"))
}

/// [`command_for`] the terminal's [`width`].
pub fn command(cmd: clap::Command) -> clap::Command {
    command_for(cmd, width())
}

/// No-break space: clap wraps at ASCII spaces only, so it binds the words on either side.
const NO_BREAK: char = '\u{a0}';

/// Every line of `text` (a paragraph, once clap's derive has joined its doc comment) with its
/// last three words bound by no-break spaces, so that clap's wrapping never leaves one or two
/// words alone on the last line of a paragraph (what a typesetter calls a widow). Words
/// already long are left free, so that no bound group is wider than 28 columns.
pub fn bind_last_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let body = line.trim_end();
        let spaces: Vec<usize> = body.match_indices(' ').map(|(at, _)| at).collect();
        let start = body.len() - body.trim_start().len();
        let words = body[start..].split(' ').filter(|w| !w.is_empty()).count();
        let tail = spaces.len().checked_sub(3).map(|k| spaces[k]);
        match tail {
            Some(at) if words >= 4 && at > start && text::width(&body[at + 1..]) <= 28 => {
                out.push_str(&body[..at + 1]);
                out.extend(body[at + 1..].chars().map(|c| if c == ' ' { NO_BREAK } else { c }));
                out.push_str(&line[body.len()..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// True for a line of an `after_help` source that is an example command.
pub(super) fn is_command_line(line: &str) -> bool {
    let trimmed = line.trim_start();
    line.len() - trimmed.len() >= 2 && (trimmed == "quadmist" || trimmed.starts_with("quadmist "))
}

/// An `after_help` source laid out for `width` columns: each example command wrapped at spaces
/// with its continuation lines 4 columns deeper; every other line left for clap to wrap, with
/// its last words bound when it is wider than a line.
pub fn layout(source: &str, width: usize) -> String {
    let mut out = String::with_capacity(source.len() + 16);
    for (i, line) in source.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let indent = indent_of(line);
        if is_command_line(line) {
            if text::width(line) > width {
                let trimmed = line.trim_start();
                let rest = format!("{}    ", &line[..indent]);
                out.push_str(&wrap_command(trimmed, width, &line[..indent], &rest));
            } else {
                out.push_str(line);
            }
        } else if indent == 4
            || (indent == 0 && line.ends_with(':') && line.len() <= HEADING_MAX)
            || text::width(line) <= width
        {
            // A picture, a heading, a line clap leaves whole: as they are.
            out.push_str(line);
        } else {
            out.push_str(&bind_last_words(line));
        }
    }
    out
}

/// A command wrapped to `width` columns: the first line starts with `first`, the others with
/// `rest`. It breaks at spaces (never between an option and its value when they fit) and, inside an argument too long for a line of its own (a
/// position, a list of cards, a path), after a comma, a semicolon or a slash; a piece longer
/// than a line is cut.
fn wrap_command(command: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::from(first);
    let mut line_width = text::width(first);
    let mut fresh = true;
    // An option stays on the line of its value when the two fit on a line of their own.
    let mut words: Vec<String> = Vec::new();
    for word in command.split(' ').filter(|w| !w.is_empty()) {
        match words.last_mut() {
            Some(last)
                if last.starts_with('-')
                    && !last.contains(' ')
                    && !word.starts_with('-')
                    && text::width(rest) + text::width(last) + 1 + text::width(word) <= width =>
            {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    for word in &words {
        let word = word.as_str();
        // A word that fits on a line of its own is never split.
        let whole = text::width(rest) + text::width(word) <= width;
        let pieces: Vec<&str> =
            if whole { vec![word] } else { word.split_inclusive([',', ';', '/']).collect() };
        for (k, &piece) in pieces.iter().enumerate() {
            let gap = usize::from(k == 0 && !fresh);
            if !fresh && line_width + gap + text::width(piece) > width {
                out.push('\n');
                out.push_str(rest);
                line_width = text::width(rest);
            } else if gap == 1 {
                out.push(' ');
                line_width += 1;
            }
            // A piece wider than a line of its own is cut where the line ends.
            let mut piece = piece;
            while line_width + text::width(piece) > width && text::width(rest) + 1 < width {
                let room = width.saturating_sub(line_width).max(1);
                let cut = piece.char_indices().nth(room).map_or(piece.len(), |(i, _)| i);
                out.push_str(&piece[..cut]);
                out.push('\n');
                out.push_str(rest);
                line_width = text::width(rest);
                piece = &piece[cut..];
            }
            out.push_str(piece);
            line_width += text::width(piece);
            fresh = false;
        }
    }
    out
}

/// The longest heading: a longer line ending with `:` is a paragraph leading into what follows.
pub(super) const HEADING_MAX: usize = 40;

/// How many spaces `line` starts with.
pub(super) fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_commands_hang_and_the_rest_is_left_to_clap_with_its_last_words_bound() {
        let source = "A paragraph far longer than the width, which clap wraps on its own.\n\
                      Examples:\n  \
                      The cards as CSV:\n      \
                      quadmist cards SavedData_ww.dat --save 1-2 --csv > cards.csv\n    \
                      ↖↑↗ a picture";
        let b = NO_BREAK;
        assert_eq!(
            layout(source, 40),
            format!(
                "A paragraph far longer than the width, which clap wraps on{b}its{b}own.\n\
                 Examples:\n  \
                 The cards as CSV:\n      \
                 quadmist cards SavedData_ww.dat\n          \
                 --save 1-2 --csv > cards.csv\n    \
                 ↖↑↗ a picture"
            )
        );
        // At 80 columns every line fits: nothing to do.
        assert_eq!(layout(source, 80), source);
        // A long argument breaks after its commas.
        let hand = "      quadmist play --hand 138/X/53/90@E+S,99/P/40/40@N,70/M/80/20@W+E";
        assert_eq!(
            layout(hand, 44),
            "      quadmist play --hand 138/X/53/90@E+S,\n          99/P/40/40@N,70/M/80/20@W+E"
        );
        // An option keeps its value on its line (the width fits `--vs` but not its value).
        let odds = "      quadmist odds memcard.mcr --card 5 --vs 4P23,2M12,1A00";
        assert_eq!(
            layout(odds, 50),
            "      quadmist odds memcard.mcr --card 5\n          --vs 4P23,2M12,1A00"
        );
    }

    #[test]
    fn the_last_three_words_are_bound_unless_short_or_wide() {
        let b = NO_BREAK;
        assert_eq!(bind_last_words("one two three four"), format!("one two{b}three{b}four"));
        assert_eq!(bind_last_words("one two three"), "one two three");
        assert_eq!(
            bind_last_words("Two lines here\n  and there too ."),
            format!("Two lines here\n  and there{b}too{b}.")
        );
        let wide = "see `memcard.mcr:3` or `SavedData_ww.dat:1-1`";
        assert_eq!(bind_last_words(wide), wide);
    }
}
