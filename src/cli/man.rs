//! The man pages (roff), one per command, made from the command line's own definition:
//! clap_mangen renders the title, synopsis, options and commands; each command's `after_help`
//! source (the form [`super::help`] describes) becomes sections of its own. Built with the
//! `manual` feature only (the released binaries have it): a newcomer's first build skips the
//! generators.

use super::help::{indent_of, is_command_line, HEADING_MAX};

/// One block of an `after_help` source, as [`man_pages`] renders it.
#[derive(Debug, PartialEq, Eq)]
enum Block {
    /// A line of its own ending with `:`, without the colon.
    Heading(String),
    /// A paragraph.
    Paragraph(String),
    /// A list entry: the term and its description's paragraphs.
    Entry(String, Vec<String>),
    /// An example: what it does, and the command.
    Example(String, String),
    /// Lines kept as they are.
    Verbatim(Vec<String>),
}

/// The blocks of an `after_help` source (see the module's documentation for its form).
fn blocks(source: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let lines: Vec<&str> = source.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let text = line.trim();
        i += 1;
        if text.is_empty() {
            continue;
        }
        match indent_of(line) {
            0 if text.ends_with(':') && text.len() <= HEADING_MAX => {
                out.push(Block::Heading(text.trim_end_matches(':').to_string()));
            }
            0 => out.push(Block::Paragraph(text.to_string())),
            2 => {
                // The lines under it, indented 6 (its description or its command).
                let mut under = Vec::new();
                while i < lines.len() && indent_of(lines[i]) >= 6 && !lines[i].trim().is_empty() {
                    under.push(lines[i].trim().to_string());
                    i += 1;
                }
                match under.first() {
                    Some(c) if under.len() == 1 && is_command_line(lines[i - 1]) => {
                        out.push(Block::Example(text.trim_end_matches(':').to_string(), c.clone()))
                    }
                    _ => out.push(Block::Entry(text.to_string(), under)),
                }
            }
            _ => match out.last_mut() {
                Some(Block::Verbatim(v)) => v.push(line.to_string()),
                _ => out.push(Block::Verbatim(vec![line.to_string()])),
            },
        }
    }
    out
}

/// Text escaped for roff: backslashes, hyphens as minus signs (options stay typeable), and a
/// leading `.` or `'` made plain text.
fn roff_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    if s.starts_with(['.', '\'']) {
        out.push_str("\\&");
    }
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            c => out.push(c),
        }
    }
    out
}

/// Roff in ASCII: every other character as its `\[uXXXX]` escape, which groff and mandoc read
/// whatever the input encoding they assume (the arrows, ×, □ and ≥ of the help).
fn ascii_roff(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len() + 64);
    for c in roff.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    out
}

/// A quoted macro argument for roff.
fn roff_arg(s: &str) -> String {
    format!("\"{}\"", roff_text(s).replace('"', "\\(dq"))
}

/// The `after_help` source as roff sections: the text before the first heading and the
/// sections other than the examples as DESCRIPTION's subsections (`details`), the examples
/// as an EXAMPLES section (`examples`).
fn roff_sections(source: &str) -> (String, String) {
    let (mut details, mut examples) = (String::new(), String::new());
    let mut in_examples = false;
    for block in blocks(source) {
        let out = if in_examples { &mut examples } else { &mut details };
        match block {
            Block::Heading(h) if h == "Examples" => {
                in_examples = true;
                examples.push_str(".SH EXAMPLES\n");
            }
            Block::Heading(h) => {
                in_examples = false;
                details.push_str(&format!(".SS {}\n", roff_arg(&h)));
            }
            Block::Paragraph(p) => out.push_str(&format!(".PP\n{}\n", roff_text(&p))),
            Block::Entry(term, description) => {
                out.push_str(&format!(".TP\n{}\n", roff_text(&term)));
                for (k, d) in description.iter().enumerate() {
                    out.push_str(if k == 0 { "" } else { ".IP\n" });
                    out.push_str(&roff_text(d));
                    out.push('\n');
                }
            }
            Block::Example(what, command) => out.push_str(&format!(
                ".PP\n{}:\n.RS 4\n.nf\n{}\n.fi\n.RE\n",
                roff_text(&what),
                roff_text(&command)
            )),
            Block::Verbatim(lines) => {
                out.push_str(".PP\n.nf\n");
                for l in lines {
                    out.push_str(&roff_text(&l));
                    out.push('\n');
                }
                out.push_str(".fi\n");
            }
        }
    }
    (details, examples)
}

/// The man page's name of a command: `quadmist`, `quadmist-saves`.
fn page_name(path: &[&str]) -> String {
    path.join("-")
}

/// One man page: clap_mangen's title, name, synopsis, description, options and commands, then
/// the `after_help` source as sections of their own, and what to see also.
fn man_page(cmd: &clap::Command, path: &[&str], all: &[String]) -> Result<String, std::io::Error> {
    let man = clap_mangen::Man::new(cmd.clone()).title(page_name(path).to_uppercase());
    let mut roff = Vec::new();
    man.render_title(&mut roff)?;
    man.render_name_section(&mut roff)?;
    man.render_synopsis_section(&mut roff)?;
    man.render_description_section(&mut roff)?;
    let source = cmd.get_after_help().map(|h| h.to_string()).unwrap_or_default();
    let (details, examples) = roff_sections(&source);
    roff.extend_from_slice(details.as_bytes());
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut roff)?;
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(&mut roff)?;
    }
    roff.extend_from_slice(examples.as_bytes());
    // quadmist's page names every command's; a command's names quadmist's.
    let see: Vec<&String> =
        if path.len() == 1 { all.iter().skip(1).collect() } else { vec![&all[0]] };
    roff.extend_from_slice(b".SH \"SEE ALSO\"\n");
    for (k, page) in see.iter().enumerate() {
        let comma = if k + 1 < see.len() { "," } else { "" };
        // `\%`: the name is never hyphenated.
        roff.extend_from_slice(format!(".BR \\%{} (1){comma}\n", roff_text(page)).as_bytes());
    }
    roff.extend_from_slice(format!(".SH VERSION\nv{}\n", env!("CARGO_PKG_VERSION")).as_bytes());
    let roff = String::from_utf8(roff).map_err(std::io::Error::other)?;
    Ok(ascii_roff(&roff))
}

/// Every man page of `cmd`, the command line's tree, the top-level one first: (file name,
/// roff). `quadmist saves` is `quadmist-saves.1`; clap's own `help` has none (its pages are
/// these).
pub fn man_pages(cmd: clap::Command) -> Result<Vec<(String, String)>, std::io::Error> {
    let mut root = cmd.disable_help_subcommand(true);
    root.build();
    let mut paths: Vec<Vec<&str>> = vec![vec!["quadmist"]];
    for sub in root.get_subcommands() {
        paths.push(vec!["quadmist", sub.get_name()]);
    }
    let all: Vec<String> = paths.iter().map(|p| page_name(p)).collect();
    let mut out = Vec::with_capacity(paths.len());
    for path in &paths {
        let cmd = match path.get(1) {
            None => &root,
            Some(name) => root.find_subcommand(name).expect("a subcommand of the tree"),
        };
        out.push((format!("{}.1", page_name(path)), man_page(cmd, path, &all)?));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_reads_as_blocks() {
        let source = "Text on one line.\n\nColumns:\n  Slot\n      where it is\n      \
                      and more\n\n    ↖↑↗\n    ←□→\n\nExamples:\n  The saves:\n      \
                      quadmist saves card.mcr";
        assert_eq!(
            blocks(source),
            [
                Block::Paragraph("Text on one line.".into()),
                Block::Heading("Columns".into()),
                Block::Entry("Slot".into(), vec!["where it is".into(), "and more".into()]),
                Block::Verbatim(vec!["    ↖↑↗".into(), "    ←□→".into()]),
                Block::Heading("Examples".into()),
                Block::Example("The saves".into(), "quadmist saves card.mcr".into()),
            ]
        );
        let (details, examples) = roff_sections(source);
        assert!(details.starts_with(".PP\nText on one line.\n.SS \"Columns\"\n.TP\nSlot\n"));
        assert_eq!(
            examples,
            ".SH EXAMPLES\n.PP\nThe saves:\n.RS 4\n.nf\nquadmist saves card.mcr\n.fi\n.RE\n"
        );
        assert_eq!(roff_text(".hidden \\ -q"), "\\&.hidden \\e \\-q");
    }
}
