//! The save-to-save matching against brute force over every assignment (small collections),
//! and against seeded simulations of play (creation §6, growth §7, evolution §8, lost and won
//! cards, the list reordered) whose true history must be recovered.

use quadmist::diff::{self, match_cards, Matching};
use quadmist::model::catalogue::CATALOGUE;
use quadmist::model::{CardRecord, CardType, Collection, Platform};
use quadmist::rules::creation::{create, RangeRng};
use quadmist::rules::growth::{level_up_in_battle, level_up_in_match, EvolutionOdds};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};

struct GameRng(ChaCha8Rng);

impl RangeRng for GameRng {
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        if lo >= hi {
            lo
        } else {
            self.0.gen_range(lo..hi)
        }
    }
}

/// Everything about a card but its slot.
type Value = (u8, u8, u8, u8, u8, u8);

fn value(c: &CardRecord) -> Value {
    (c.id, c.arrows, c.card_type.code(), c.atk, c.pdef, c.mdef)
}

/// One story of a group: the sorted (before, after) values, `None` for a card won or gone.
type Story = Vec<(Option<Value>, Option<Value>)>;

/// A group's key: (id, arrows).
type Group = (u8, u8);

/// Level-ups from `from` to `to` found by stepping the game's rule ("+1 unless equal to the
/// cap", wrapping past 255) one level-up at a time: written apart from the library's
/// arithmetic.
fn steps(from: u8, to: u8, cap: u8) -> Option<u32> {
    let mut s = from;
    for n in 0..=256 {
        if s == to {
            return Some(n);
        }
        if s == cap {
            return None;
        }
        s = s.wrapping_add(1);
    }
    None
}

/// Rank of a type on the road P/M → X → A; unknown codes only match themselves.
fn type_ok(a: CardType, b: CardType) -> bool {
    let r = |t: CardType| match t {
        CardType::Physical | CardType::Magic => Some(0),
        CardType::Flexible => Some(1),
        CardType::Assault => Some(2),
        CardType::Unknown(_) => None,
    };
    a == b
        || match (r(a), r(b)) {
            (Some(0), Some(0)) => false, // P ↔ M never
            (Some(x), Some(y)) => x < y,
            _ => false,
        }
}

/// Level-ups turning `a` into `b`, or `None`.
fn cost(a: &CardRecord, b: &CardRecord) -> Option<u32> {
    if a.id != b.id || a.arrows != b.arrows || !type_ok(a.card_type, b.card_type) {
        return None;
    }
    let c = CATALOGUE.get(a.id as usize).map_or([255; 3], |c| [c.max_atk, c.max_pdef, c.max_mdef]);
    Some(steps(a.atk, b.atk, c[0])? + steps(a.pdef, b.pdef, c[1])? + steps(a.mdef, b.mdef, c[2])?)
}

/// Every best assignment by enumeration: (matched, growth, the distinct stories per group).
fn brute(
    old: &[CardRecord],
    new: &[CardRecord],
) -> (usize, u32, BTreeMap<(u8, u8), BTreeSet<Story>>) {
    fn rec(
        i: usize,
        old: &[CardRecord],
        new: &[CardRecord],
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        growth: u32,
        best: &mut (usize, u32, Vec<Vec<(usize, usize)>>),
    ) {
        if i == old.len() {
            let key = (pairs.len(), std::cmp::Reverse(growth));
            let best_key = (best.0, std::cmp::Reverse(best.1));
            if key > best_key || best.2.is_empty() {
                *best = (pairs.len(), growth, vec![pairs.clone()]);
            } else if key == best_key {
                best.2.push(pairs.clone());
            }
            return;
        }
        rec(i + 1, old, new, used, pairs, growth, best);
        for j in 0..new.len() {
            if used[j] {
                continue;
            }
            if let Some(g) = cost(&old[i], &new[j]) {
                used[j] = true;
                pairs.push((i, j));
                rec(i + 1, old, new, used, pairs, growth + g, best);
                pairs.pop();
                used[j] = false;
            }
        }
    }
    let mut best = (0, 0, Vec::new());
    rec(0, old, new, &mut vec![false; new.len()], &mut Vec::new(), 0, &mut best);
    let mut stories: BTreeMap<(u8, u8), BTreeSet<Story>> = BTreeMap::new();
    for a in &best.2 {
        for (g, s) in stories_of(old, new, a) {
            stories.entry(g).or_default().insert(s);
        }
    }
    (best.0, best.1, stories)
}

/// The stories, per (id, arrows) group, told by a set of pairs.
fn stories_of(
    old: &[CardRecord],
    new: &[CardRecord],
    pairs: &[(usize, usize)],
) -> BTreeMap<(u8, u8), Story> {
    let mut out: BTreeMap<(u8, u8), Story> = BTreeMap::new();
    let (mut seen_old, mut seen_new) = (vec![false; old.len()], vec![false; new.len()]);
    for &(i, j) in pairs {
        seen_old[i] = true;
        seen_new[j] = true;
        out.entry((old[i].id, old[i].arrows))
            .or_default()
            .push((Some(value(&old[i])), Some(value(&new[j]))));
    }
    for (i, c) in old.iter().enumerate().filter(|(i, _)| !seen_old[*i]) {
        let _ = i;
        out.entry((c.id, c.arrows)).or_default().push((Some(value(c)), None));
    }
    for (j, c) in new.iter().enumerate().filter(|(j, _)| !seen_new[*j]) {
        let _ = j;
        out.entry((c.id, c.arrows)).or_default().push((None, Some(value(c))));
    }
    for s in out.values_mut() {
        s.sort();
    }
    out
}

/// The stories the matching tells for its unambiguous groups, and its ambiguous group keys.
fn told(
    old: &[CardRecord],
    new: &[CardRecord],
    m: &Matching,
) -> (BTreeMap<Group, Story>, BTreeSet<Group>) {
    let mut out: BTreeMap<(u8, u8), Story> = BTreeMap::new();
    for &(i, j) in &m.pairs {
        out.entry((old[i].id, old[i].arrows))
            .or_default()
            .push((Some(value(&old[i])), Some(value(&new[j]))));
    }
    for &i in &m.removed {
        out.entry((old[i].id, old[i].arrows)).or_default().push((Some(value(&old[i])), None));
    }
    for &j in &m.added {
        out.entry((new[j].id, new[j].arrows)).or_default().push((None, Some(value(&new[j]))));
    }
    for s in out.values_mut() {
        s.sort();
    }
    let amb = m
        .ambiguous
        .iter()
        .map(|a| a.old.first().map(|&i| &old[i]).or_else(|| a.new.first().map(|&j| &new[j])))
        .map(|c| c.map(|c| (c.id, c.arrows)).expect("an ambiguous group has cards"))
        .collect();
    (out, amb)
}

/// A small random card in a crowded space: two ids, two masks, stats near the caps (Goblin
/// 7/9/4, Fang 9/10/4), sometimes edited above a cap or to an unknown type.
fn small_card(rng: &mut ChaCha8Rng) -> CardRecord {
    let id = rng.gen_range(0..2u8);
    let c = &CATALOGUE[id as usize];
    let mut stat = |cap: u8| {
        if rng.gen_ratio(1, 12) {
            rng.gen_range(253..=255) // edited above its cap: wraps
        } else {
            rng.gen_range(cap.saturating_sub(3)..=cap)
        }
    };
    let (atk, pdef, mdef) = (stat(c.max_atk), stat(c.max_pdef), stat(c.max_mdef));
    let card_type = match rng.gen_range(0..20) {
        0..=9 => CardType::Physical,
        10 => CardType::Magic,
        11..=15 => CardType::Flexible,
        16..=18 => CardType::Assault,
        _ => CardType::Unknown(7),
    };
    CardRecord {
        slot: 0,
        id,
        arrows: rng.gen_range(1..3),
        atk,
        card_type,
        pdef,
        mdef,
        cpoint: None,
    }
}

/// A later version of `c` after a few level-ups and battles won (the game's own rules).
fn grown(c: &CardRecord, rng: &mut GameRng) -> CardRecord {
    let mut g = *c;
    let caps =
        CATALOGUE.get(c.id as usize).map_or([255; 3], |c| [c.max_atk, c.max_pdef, c.max_mdef]);
    for _ in 0..rng.range(0, 4) {
        level_up_in_match([&mut g.atk, &mut g.pdef, &mut g.mdef], caps, rng);
    }
    for _ in 0..rng.range(0, 3) {
        g.card_type = level_up_in_battle(g.card_type, EvolutionOdds { to_x: 3, to_a: 3 }, rng);
    }
    g
}

#[test]
fn the_matching_is_a_best_assignment_and_ambiguous_exactly_when_brute_force_finds_two_stories() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x13D1FF);
    let (mut cases, mut ambiguous_groups, mut unique_groups) = (0, 0, 0);
    for _ in 0..3000 {
        let n_old = rng.gen_range(0..=6);
        let old: Vec<CardRecord> = (0..n_old).map(|_| small_card(&mut rng)).collect();
        let mut game = GameRng(ChaCha8Rng::seed_from_u64(rng.gen()));
        let mut new: Vec<CardRecord> = Vec::new();
        for c in &old {
            if rng.gen_ratio(4, 5) {
                new.push(grown(c, &mut game));
            }
        }
        while new.len() < 6 && rng.gen_ratio(1, 3) {
            new.push(small_card(&mut rng));
        }
        // Reorder as the game does.
        for k in (1..new.len()).rev() {
            new.swap(k, rng.gen_range(0..=k));
        }
        let m = match_cards(&old, &new);
        let (matched, growth, stories) = brute(&old, &new);
        assert_eq!((m.matched, m.growth), (matched, growth), "{old:?} → {new:?}");
        let (mine, amb) = told(&old, &new, &m);
        for (g, options) in &stories {
            if options.len() > 1 {
                ambiguous_groups += 1;
                assert!(
                    amb.contains(g),
                    "group {g:?} has {} stories: {old:?} → {new:?}",
                    options.len()
                );
            } else {
                unique_groups += 1;
                assert!(!amb.contains(g), "group {g:?} has one story: {old:?} → {new:?}");
                assert_eq!(Some(options.first().unwrap()), mine.get(g), "{old:?} → {new:?}");
            }
        }
        assert!(amb.iter().all(|g| stories.contains_key(g)));
        cases += 1;
    }
    // The generator reaches both outcomes often (a test that cannot fail is a defect).
    assert!(ambiguous_groups > 40 && unique_groups > 1000, "{ambiguous_groups} / {unique_groups}");
    eprintln!("{cases} cases: {unique_groups} unique groups, {ambiguous_groups} ambiguous");
}

/// A card with its true identity across the simulation.
#[derive(Clone, Copy)]
struct Owned {
    card: CardRecord,
    uid: u32,
}

struct Sim {
    rng: GameRng,
    cards: Vec<Owned>,
    next_uid: u32,
    id_limit: u32,
    wins: i32,
    losses: i32,
    draws: i32,
}

impl Sim {
    fn new_card(&mut self) -> Owned {
        let id = self.rng.range(0, self.id_limit) as u8;
        let n = create(&CATALOGUE[id as usize], &mut self.rng);
        self.next_uid += 1;
        Owned {
            card: CardRecord {
                slot: 0,
                id,
                arrows: n.arrows,
                atk: n.atk,
                card_type: n.card_type,
                pdef: n.pdef,
                mdef: n.mdef,
                cpoint: None,
            },
            uid: self.next_uid,
        }
    }

    fn hand(&mut self) -> Vec<usize> {
        let mut all: Vec<usize> = (0..self.cards.len()).collect();
        let mut hand = Vec::new();
        while hand.len() < 5 && !all.is_empty() {
            let k = self.rng.range(0, all.len() as u32) as usize;
            hand.push(all.swap_remove(k));
        }
        hand
    }

    /// One match: a win grows the hand (§7) after its card battles (§8) and takes a card; a
    /// loss gives a hand card away; a draw changes nothing. The list is then rewritten, hand
    /// first (§12).
    fn play(&mut self) {
        let hand = self.hand();
        match self.rng.range(0, 10) {
            0..=5 => {
                for _ in 0..self.rng.range(0, 8) {
                    let k = hand[self.rng.range(0, hand.len() as u32) as usize];
                    let t = self.cards[k].card.card_type;
                    self.cards[k].card.card_type =
                        level_up_in_battle(t, EvolutionOdds { to_x: 8, to_a: 8 }, &mut self.rng);
                }
                for &k in &hand {
                    let c = &mut self.cards[k].card;
                    let i = &CATALOGUE[c.id as usize];
                    level_up_in_match(
                        [&mut c.atk, &mut c.pdef, &mut c.mdef],
                        [i.max_atk, i.max_pdef, i.max_mdef],
                        &mut self.rng,
                    );
                }
                let won = self.new_card();
                self.cards.push(won);
                self.wins += 1;
            }
            6..=8 => {
                let k = hand[self.rng.range(0, hand.len() as u32) as usize];
                self.cards.remove(k);
                self.losses += 1;
            }
            _ => self.draws += 1,
        }
        let mut order: Vec<Owned> = Vec::new();
        let mut rest: Vec<Owned> = Vec::new();
        for (k, c) in self.cards.iter().enumerate() {
            if hand.contains(&k) {
                order.push(*c);
            } else {
                rest.push(*c);
            }
        }
        for k in (1..rest.len()).rev() {
            let j = self.rng.range(0, k as u32 + 1) as usize;
            rest.swap(k, j);
        }
        order.extend(rest);
        self.cards = order;
    }

    fn collection(&self) -> Collection {
        let cards = self
            .cards
            .iter()
            .enumerate()
            .map(|(k, o)| CardRecord { slot: k as u16 + 1, ..o.card })
            .collect();
        let mut c = Collection::new(Platform::Pc, cards);
        (c.wins, c.losses, c.draws) = (self.wins, self.losses, self.draws);
        c
    }
}

#[test]
fn seeded_simulations_of_play_are_recovered() {
    let (mut groups, mut exact, mut ambiguous, mut hidden) = (0, 0, 0, 0);
    for seed in 0..120u64 {
        // A third of the runs draw ids from the whole catalogue, a third from 12 ids, a third
        // from 2 (many copies, some with the same arrows).
        let id_limit = [100, 12, 2][seed as usize % 3];
        let mut sim = Sim {
            rng: GameRng(ChaCha8Rng::seed_from_u64(seed)),
            cards: Vec::new(),
            next_uid: 0,
            id_limit,
            wins: 3,
            losses: 1,
            draws: 0,
        };
        for _ in 0..60 {
            let c = sim.new_card();
            sim.cards.push(c);
        }
        for _ in 0..(seed % 7) * 10 {
            sim.play();
        }
        let before = sim.collection();
        let before_uids: Vec<u32> = sim.cards.iter().map(|o| o.uid).collect();
        let matches = 1 + seed % 25;
        for _ in 0..matches {
            sim.play();
        }
        let after = sim.collection();
        let after_uids: Vec<u32> = sim.cards.iter().map(|o| o.uid).collect();

        // The true history, by identity.
        let truth_pairs: Vec<(usize, usize)> = before_uids
            .iter()
            .enumerate()
            .filter_map(|(i, u)| after_uids.iter().position(|v| v == u).map(|j| (i, j)))
            .collect();
        let truth = stories_of(&before.cards, &after.cards, &truth_pairs);
        let m = match_cards(&before.cards, &after.cards);
        let (mine, amb) = told(&before.cards, &after.cards, &m);
        let best = truth_is_best(&before.cards, &after.cards, &truth);
        for (g, story) in &truth {
            groups += 1;
            // Was anything lost or won inside a group that held other cards? Then a lost card
            // and a won one may look like one card that grew (or stayed): the rules cannot
            // tell them apart, and the best assignment may differ from the truth.
            let events = story.iter().filter(|(a, b)| a.is_none() || b.is_none()).count();
            let collision = events > 0 && story.len() > 1;
            if amb.contains(g) {
                ambiguous += 1;
                // The truth is one of the best stories unless the group saw a collision.
                assert!(collision || best[g], "seed {seed}: group {g:?}");
            } else if mine.get(g) == Some(story) {
                exact += 1;
            } else {
                assert!(collision, "seed {seed}: group {g:?}: {story:?} told as {:?}", mine.get(g));
                assert!(!best[g], "seed {seed}: a best truth must be the unique best story");
                hidden += 1;
            }
        }
        let d = diff::diff(&before, &after);
        assert_eq!(d.wins.after - d.wins.before + d.losses.after - d.losses.before, {
            let draws = d.draws.after - d.draws.before;
            matches as i32 - draws
        });
    }
    eprintln!("{groups} groups: {exact} exact, {ambiguous} ambiguous, {hidden} collisions");
    assert!(exact > 5000, "{exact}");
    assert!(exact * 100 >= groups * 99, "exact {exact} of {groups}");
}

/// For each group of the truth: is the true story a best one (as many cards matched and as
/// little growth as the matching's optimum of that group)? The true costs come from `cost`.
fn truth_is_best(
    old: &[CardRecord],
    new: &[CardRecord],
    truth: &BTreeMap<(u8, u8), Story>,
) -> BTreeMap<(u8, u8), bool> {
    let mut out = BTreeMap::new();
    for (g, story) in truth {
        let o: Vec<CardRecord> = old.iter().filter(|c| (c.id, c.arrows) == *g).copied().collect();
        let n: Vec<CardRecord> = new.iter().filter(|c| (c.id, c.arrows) == *g).copied().collect();
        let m = match_cards(&o, &n);
        let matched = story.iter().filter(|(a, b)| a.is_some() && b.is_some()).count();
        let card = |v: &Value| CardRecord {
            slot: 0,
            id: v.0,
            arrows: v.1,
            card_type: CardType::from_code(v.2.into()),
            atk: v.3,
            pdef: v.4,
            mdef: v.5,
            cpoint: None,
        };
        let growth: u32 = story
            .iter()
            .filter_map(|(a, b)| Some(cost(&card(a.as_ref()?), &card(b.as_ref()?)).expect("legal")))
            .sum();
        out.insert(*g, (m.matched, m.growth) == (matched, growth));
    }
    out
}

/// [`brute`] one (id, arrows) group at a time (groups never interact), for larger collections.
fn brute_by_group(
    old: &[CardRecord],
    new: &[CardRecord],
) -> (usize, u32, BTreeMap<Group, BTreeSet<Story>>) {
    let keys: BTreeSet<Group> = old.iter().chain(new).map(|c| (c.id, c.arrows)).collect();
    let (mut matched, mut growth, mut stories) = (0, 0, BTreeMap::new());
    for g in keys {
        let o: Vec<CardRecord> = old.iter().filter(|c| (c.id, c.arrows) == g).copied().collect();
        let n: Vec<CardRecord> = new.iter().filter(|c| (c.id, c.arrows) == g).copied().collect();
        assert!(o.len() <= 8 && n.len() <= 8, "group {g:?} too large to enumerate");
        let (m, gr, s) = brute(&o, &n);
        matched += m;
        growth += gr;
        stories.extend(s);
    }
    (matched, growth, stories)
}

#[test(needs = SharedData)]
fn every_pair_of_the_genuine_pc_saves_matches_brute_force() {
    let dat = crate::shared::read("data/real/steam/SavedData_ww.dat");
    let set = quadmist::ff9::open(&dat, Some("SavedData_ww.dat"), &|_| None).unwrap();
    let saves: Vec<Collection> = set.saves.iter().filter_map(|s| s.collection().ok()).collect();
    assert_eq!(saves.len(), 7);
    let mut pairs = 0;
    for a in &saves {
        for b in &saves {
            let m = match_cards(&a.cards, &b.cards);
            let (matched, growth, stories) = brute_by_group(&a.cards, &b.cards);
            assert_eq!((m.matched, m.growth), (matched, growth));
            let (mine, amb) = told(&a.cards, &b.cards, &m);
            for (g, options) in &stories {
                assert_eq!(amb.contains(g), options.len() > 1, "group {g:?}");
                if options.len() == 1 {
                    assert_eq!(mine.get(g), options.first());
                }
            }
            pairs += 1;
        }
    }
    assert_eq!(pairs, 49);
}
