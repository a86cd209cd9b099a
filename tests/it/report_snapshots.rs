//! The structure of `quadmist report` pages on the fixtures, as snapshots: the sections'
//! headings and text, and one line per album card (id, copies, keeper, face, copies' strings).

use crate::shared::cmd::Command;
use scraper::{ElementRef, Html, Selector};
use std::fmt::Write as _;
use std::path::Path;

fn page(file: &str, save: Option<&str>) -> String {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(file);
    let mut cmd = Command::quadmist();
    cmd.args(["report", fixture.to_str().unwrap(), "-o", "-"]);
    if let Some(s) = save {
        cmd.args(["--save", s]);
    }
    String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

fn text(e: ElementRef<'_>) -> String {
    e.text().collect::<Vec<_>>().join(" ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An outline of the page: every section's heading, paragraphs and list items; the album as
/// one line per card.
fn outline(html: &str) -> String {
    let doc = Html::parse_document(html);
    let mut s = String::new();
    let title = doc.select(&sel("title")).next().map(text).unwrap_or_default();
    let _ = writeln!(s, "title: {title}");
    for section in doc.select(&sel("body > section")) {
        let id = section.value().attr("id").unwrap_or("?");
        let _ = writeln!(s, "\n== section #{id}");
        if id == "album" {
            for card in section.select(&sel("details.card")) {
                let a = |n: &str| card.value().attr(n).unwrap_or("-").to_string();
                let face = card
                    .select(&sel("summary text.s"))
                    .next()
                    .map(text)
                    .unwrap_or_else(|| "(not owned)".into());
                let copies: Vec<String> =
                    card.select(&sel(".copy code")).map(text).collect::<Vec<_>>();
                let _ = writeln!(
                    s,
                    "card id={} owned={} keeper={} face={} copies=[{}] name={}",
                    a("data-id"),
                    a("data-owned"),
                    a("data-keeper"),
                    face,
                    copies.join(" "),
                    card.select(&sel(".cap")).next().map(text).unwrap_or_default()
                );
            }
            continue;
        }
        for e in section.select(&sel("h2, h3, .lead, p, li, dt, dd, tr")) {
            let _ = writeln!(s, "{}: {}", e.value().name(), text(e));
        }
    }
    s
}

#[test]
fn fixture_pages_have_the_expected_structure() {
    for (name, save) in [("save-1", Some("1")), ("save-2", Some("2")), ("save-3", Some("3"))] {
        insta::assert_snapshot!(
            format!("report_{name}"),
            outline(&page("ff9-three-saves.mcr", save))
        );
    }
    // The same save in another container gives the same album, score and plan.
    let from_mcs = outline(&page("ff9-file1.mcs", None));
    let from_mcr = outline(&page("ff9-three-saves.mcr", Some("1")));
    let cut = |s: &str| s.split("== section #source").next().unwrap().to_string();
    assert_eq!(cut(&from_mcs), cut(&from_mcr));
}
