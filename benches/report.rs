//! `quadmist report` in stages on the fixture's 83-card save, against reading the file (the
//! in-process part of `cat`): open and decode, score and plan, render the page.
//! The whole-process ratio against `cat` is measured with hyperfine (see the report's notes).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use quadmist::report::html::{render_page, PageSource};
use quadmist::report::views::{PlanOptions, SaveViews};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr");

fn stages(c: &mut Criterion) {
    c.bench_function("report/baseline: read the save file", |b| {
        b.iter(|| std::fs::read(black_box(FIXTURE)).unwrap().len())
    });
    let bytes = std::fs::read(FIXTURE).unwrap();
    c.bench_function("report/open and decode save 1", |b| {
        b.iter(|| {
            let set = quadmist::ff9::open(black_box(&bytes), Some("x.mcr"), &|_| None).unwrap();
            set.saves[0].collection().unwrap().cards.len()
        })
    });
    let set = quadmist::ff9::open(&bytes, Some("x.mcr"), &|_| None).unwrap();
    let entry = set.saves.iter().find(|s| s.selector == "1").unwrap();
    let collection = entry.collection().unwrap();
    c.bench_function("report/score, plan and missing cards", |b| {
        b.iter(|| {
            let v = SaveViews::new(black_box(&collection), &PlanOptions::default());
            v.score.points as usize + v.plan.map_or(0, |p| p.safe_discards.len())
        })
    });
    let views = SaveViews::new(&collection, &PlanOptions::default());
    let src = PageSource {
        file_name: "ff9-three-saves.mcr".into(),
        file_kind: set.kind.description(),
        entry,
        file_findings: &set.findings,
    };
    c.bench_function("report/render the page", |b| {
        b.iter(|| render_page(black_box(&src), &collection, &views).len())
    });
}

criterion_group!(benches, stages);
criterion_main!(benches);
