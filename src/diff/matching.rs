//! Which card of one save is which card of a later save.
//!
//! A save gives its cards no identity and the game rewrites the list's order after every match
//! (tetra-master-rules §12), so cards are matched by what the rules allow a card to become:
//! the same id and arrows (arrows never change, §3), a type that only moves P/M → X → A (§8),
//! and stats that only grow, up to their caps (§7; a stat edited above its cap keeps rising and
//! wraps past 255). Among the assignments the rules allow, the one kept matches the most cards
//! (a card kept rather than one lost and another won) and, among those, has the least total
//! growth. When several such assignments tell different stories, the cards concerned are
//! reported as ambiguous instead of picking one.
//!
//! Cards are compared by value (id, arrows, type, stats), not by slot: two identical copies
//! are interchangeable, so "one of two identical copies grew" is a single story.
//!
//! Method, per group of cards with one id and one arrow mask (groups never interact): the
//! cards are folded into classes of equal value, and the assignment is a minimum-cost
//! transportation problem solved exactly by successive shortest paths. The optimum is unique
//! (as a story) exactly when the residual network of the optimal flow has no cycle of zero
//! reduced cost other than an arc and its own reverse; that is tested with exact shortest-path
//! potentials.

use crate::model::{catalogue, CardRecord, CardType};
use std::collections::{BTreeMap, VecDeque};

/// Level-ups that take a stat from `from` to `to` when its cap is `cap`, or `None` when the
/// growth rule (§7) cannot do it. Below or at the cap a stat rises to the cap at most; above
/// it (an edited card) it keeps rising, wraps from 255 to 0 and stops at the cap.
pub fn stat_growth(from: u8, to: u8, cap: u8) -> Option<u32> {
    let reachable = if from <= cap { from <= to && to <= cap } else { to >= from || to <= cap };
    reachable.then(|| u32::from(to.wrapping_sub(from)))
}

/// True when a card of type `from` can later be of type `to`: P/M → X → A (§8), never back,
/// never P ↔ M; an unknown type code only stays what it is.
pub fn type_can_become(from: CardType, to: CardType) -> bool {
    use CardType::*;
    from == to || matches!((from, to), (Physical | Magic, Flexible | Assault) | (Flexible, Assault))
}

/// Total level-ups that turn card `from` into card `to`, or `None` when the rules cannot:
/// a different id or arrow mask, a type moving backwards, a stat shrinking or passing its cap.
/// An id outside the catalogue has no known caps; its stats may only rise, without wrapping.
pub fn growth(from: &CardRecord, to: &CardRecord) -> Option<u32> {
    if from.id != to.id
        || from.arrows != to.arrows
        || !type_can_become(from.card_type, to.card_type)
    {
        return None;
    }
    let caps = catalogue::info(from.id).map_or([255; 3], |c| [c.max_atk, c.max_pdef, c.max_mdef]);
    Some(
        stat_growth(from.atk, to.atk, caps[0])?
            + stat_growth(from.pdef, to.pdef, caps[1])?
            + stat_growth(from.mdef, to.mdef, caps[2])?,
    )
}

/// Cards of both saves with the same id and arrows whose best assignment is not unique.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ambiguity {
    /// Indices of the group's cards in the earlier save.
    pub old: Vec<usize>,
    /// Indices of the group's cards in the later save.
    pub new: Vec<usize>,
    /// Cards matched across the saves (the same in every best assignment).
    pub matched: usize,
    /// Total level-ups (the same in every best assignment).
    pub growth: u32,
    /// True when the group was too large to match exactly ([`MAX_GROUP_PAIRS`]); `matched`
    /// and `growth` are then 0. No save the game writes comes near it.
    pub too_large: bool,
}

/// The largest (distinct earlier values) × (distinct later values) of one id and arrow mask
/// that is matched exactly. The game holds at most 105 cards (100, plus a Perfect win's 5),
/// so a genuine save stays below 105 × 105; an edited list of thousands of copies is reported
/// whole as ambiguous rather than solved in unbounded time.
pub const MAX_GROUP_PAIRS: usize = 160 * 160;

/// The best assignment of an earlier save's cards to a later save's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Matching {
    /// (index in the earlier save, index in the later save) of each card kept, outside
    /// ambiguous groups.
    pub pairs: Vec<(usize, usize)>,
    /// Earlier cards no longer there (lost or discarded), outside ambiguous groups.
    pub removed: Vec<usize>,
    /// Later cards not there before (won or received), outside ambiguous groups.
    pub added: Vec<usize>,
    /// Groups whose best assignment is not unique.
    pub ambiguous: Vec<Ambiguity>,
    /// Cards matched across the saves, ambiguous groups included (too large ones excepted).
    pub matched: usize,
    /// Total level-ups of the matched cards, ambiguous groups included (too large excepted).
    pub growth: u32,
}

/// A card's value as far as matching is concerned: everything but its slot (and the constant
/// cpoint).
fn value(c: &CardRecord) -> (u8, u8, u8, u8) {
    (c.card_type.code(), c.atk, c.pdef, c.mdef)
}

/// Matches the cards of `old` to those of `new` (see the module documentation).
pub fn match_cards(old: &[CardRecord], new: &[CardRecord]) -> Matching {
    let mut groups: BTreeMap<(u8, u8), (Vec<usize>, Vec<usize>)> = BTreeMap::new();
    for (i, c) in old.iter().enumerate() {
        groups.entry((c.id, c.arrows)).or_default().0.push(i);
    }
    for (j, c) in new.iter().enumerate() {
        groups.entry((c.id, c.arrows)).or_default().1.push(j);
    }
    let mut m = Matching::default();
    for (o, n) in groups.into_values() {
        // The common cases have one story: a card alone on one side, or one card each side.
        match (o.as_slice(), n.as_slice()) {
            ([], _) | (_, []) => {
                m.removed.extend(&o);
                m.added.extend(&n);
                continue;
            }
            (&[i], &[j]) => {
                match growth(&old[i], &new[j]) {
                    Some(g) => {
                        m.pairs.push((i, j));
                        m.matched += 1;
                        m.growth += g;
                    }
                    None => {
                        m.removed.push(i);
                        m.added.push(j);
                    }
                }
                continue;
            }
            _ => {}
        }
        let (lc, rc) = (classes(old, &o), classes(new, &n));
        if lc.len().saturating_mul(rc.len()) > MAX_GROUP_PAIRS {
            m.ambiguous.push(Ambiguity { old: o, new: n, matched: 0, growth: 0, too_large: true });
            continue;
        }
        let g = solve_group(old, new, &o, &n, lc, rc);
        m.matched += g.pairs.len();
        m.growth += g.growth;
        if g.ambiguous {
            m.ambiguous.push(Ambiguity {
                old: o,
                new: n,
                matched: g.pairs.len(),
                growth: g.growth,
                too_large: false,
            });
        } else {
            m.pairs.extend(g.pairs);
            m.removed.extend(g.removed);
            m.added.extend(g.added);
        }
    }
    m.pairs.sort_unstable();
    m.removed.sort_unstable();
    m.added.sort_unstable();
    m
}

/// One group's best assignment.
struct GroupResult {
    pairs: Vec<(usize, usize)>,
    removed: Vec<usize>,
    added: Vec<usize>,
    growth: u32,
    ambiguous: bool,
}

/// Classes of equal value: (value, indices), sorted by value.
fn classes(cards: &[CardRecord], idx: &[usize]) -> Vec<Vec<usize>> {
    let mut by_value: BTreeMap<(u8, u8, u8, u8), Vec<usize>> = BTreeMap::new();
    for &i in idx {
        by_value.entry(value(&cards[i])).or_default().push(i);
    }
    by_value.into_values().collect()
}

fn solve_group(
    old: &[CardRecord],
    new: &[CardRecord],
    o: &[usize],
    n: &[usize],
    lc: Vec<Vec<usize>>,
    rc: Vec<Vec<usize>>,
) -> GroupResult {
    let (p, q) = (lc.len(), rc.len());
    // Left nodes 0..p = earlier classes, p = "appears" (supplies one unit per later card);
    // right nodes 0..q = later classes, q = "vanishes" (takes one unit per earlier card).
    // Unit costs: growth for a feasible pair, K for a card unmatched on either side, so that
    // matching one more card always wins over any growth (2K > every total growth).
    let k = 765 * (o.len().min(n.len()) as i64 + 1);
    let mut cost = vec![vec![None; q + 1]; p + 1];
    for (i, ci) in lc.iter().enumerate() {
        for (j, cj) in rc.iter().enumerate() {
            cost[i][j] = growth(&old[ci[0]], &new[cj[0]]).map(i64::from);
        }
        cost[i][q] = Some(k);
    }
    for c in cost[p].iter_mut().take(q) {
        *c = Some(k);
    }
    cost[p][q] = Some(0);
    let supply: Vec<i64> = lc.iter().map(|c| c.len() as i64).chain([n.len() as i64]).collect();
    let demand: Vec<i64> = rc.iter().map(|c| c.len() as i64).chain([o.len() as i64]).collect();
    let flow = transport(&cost, &supply, &demand);
    let ambiguous = has_alternative_optimum(&cost, &flow);

    let mut out = GroupResult {
        pairs: Vec::new(),
        removed: Vec::new(),
        added: Vec::new(),
        growth: 0,
        ambiguous,
    };
    let mut left_next = vec![0usize; p];
    let mut right_next = vec![0usize; q];
    for i in 0..=p {
        for j in 0..=q {
            for _ in 0..flow[i][j] {
                match (i < p, j < q) {
                    (true, true) => {
                        let a = lc[i][left_next[i]];
                        let b = rc[j][right_next[j]];
                        left_next[i] += 1;
                        right_next[j] += 1;
                        out.growth += cost[i][j].unwrap_or(0) as u32;
                        out.pairs.push((a, b));
                    }
                    (true, false) => {
                        out.removed.push(lc[i][left_next[i]]);
                        left_next[i] += 1;
                    }
                    (false, true) => {
                        out.added.push(rc[j][right_next[j]]);
                        right_next[j] += 1;
                    }
                    (false, false) => {}
                }
            }
        }
    }
    out
}

/// An exact minimum-cost solution of the balanced transportation problem (`cost[i][j]` `None`
/// where no arc exists): successive shortest paths with Dijkstra over reduced costs (every
/// cost is ≥ 0, so zero potentials start valid). Returns the flow on each arc.
fn transport(cost: &[Vec<Option<i64>>], supply: &[i64], demand: &[i64]) -> Vec<Vec<i64>> {
    let (p, q) = (supply.len(), demand.len());
    // Nodes: source 0, left 1..=p, right p+1..=p+q, sink p+q+1.
    let nodes = p + q + 2;
    let (s, t) = (0, nodes - 1);
    let mut net = Network::new(nodes);
    for (i, &a) in supply.iter().enumerate() {
        net.add(s, 1 + i, a, 0);
    }
    let mut arc = vec![vec![usize::MAX; q]; p];
    let total: i64 = supply.iter().sum();
    for i in 0..p {
        for j in 0..q {
            if let Some(c) = cost[i][j] {
                arc[i][j] = net.add(1 + i, 1 + p + j, total, c);
            }
        }
    }
    for (j, &b) in demand.iter().enumerate() {
        net.add(1 + p + j, t, b, 0);
    }
    net.min_cost_flow(s, t);
    arc.iter()
        .map(|row| row.iter().map(|&e| if e == usize::MAX { 0 } else { net.cap[e ^ 1] }).collect())
        .collect()
}

/// True when another flow of the same (optimal) cost exists, i.e. another story.
///
/// Both sides' totals are met by every optimal flow, so two optimal flows differ by cycles
/// among the middle arcs. With exact potentials d (shortest distances in the residual graph,
/// which has no negative cycle at an optimum), such a cycle has zero cost exactly when each of
/// its arcs has zero reduced cost. A non-trivial zero cycle exists iff (a) the arcs carrying
/// flow (usable both ways) contain an undirected cycle, or (b) a tight arc without flow, i → j,
/// has a way back from j to i through tight arcs.
fn has_alternative_optimum(cost: &[Vec<Option<i64>>], flow: &[Vec<i64>]) -> bool {
    let p = cost.len();
    let q = cost.first().map_or(0, Vec::len);
    // Residual middle graph: node i (left) and p + j (right).
    let nodes = p + q;
    let mut arcs: Vec<(usize, usize, i64)> = Vec::new();
    for i in 0..p {
        for j in 0..q {
            if let Some(c) = cost[i][j] {
                arcs.push((i, p + j, c));
                if flow[i][j] > 0 {
                    arcs.push((p + j, i, -c));
                }
            }
        }
    }
    // Bellman-Ford from a virtual root joined to every node at cost 0.
    let mut d = vec![0i64; nodes];
    for _ in 0..nodes {
        let mut changed = false;
        for &(u, v, c) in &arcs {
            if d[u] + c < d[v] {
                d[v] = d[u] + c;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // (a) An undirected cycle among the arcs with flow.
    let mut parent: Vec<usize> = (0..nodes).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (i, row) in flow.iter().enumerate() {
        for (j, &units) in row.iter().enumerate() {
            if units > 0 {
                let (a, b) = (root(&mut parent, i), root(&mut parent, p + j));
                if a == b {
                    return true;
                }
                parent[a] = b;
            }
        }
    }
    // (b) A tight arc without flow that lies on a cycle of tight arcs.
    let mut tight: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for &(u, v, c) in &arcs {
        if c + d[u] - d[v] == 0 {
            tight[u].push(v);
        }
    }
    let mut reach_cache: Vec<Option<Vec<bool>>> = vec![None; nodes];
    for i in 0..p {
        for j in 0..q {
            let Some(c) = cost[i][j] else { continue };
            if flow[i][j] > 0 || c + d[i] - d[p + j] != 0 {
                continue;
            }
            let reach = reach_cache[p + j].get_or_insert_with(|| reachable(&tight, p + j));
            if reach[i] {
                return true;
            }
        }
    }
    false
}

/// Nodes reachable from `from` (breadth first).
fn reachable(adj: &[Vec<usize>], from: usize) -> Vec<bool> {
    let mut seen = vec![false; adj.len()];
    let mut queue = VecDeque::from([from]);
    seen[from] = true;
    while let Some(u) = queue.pop_front() {
        for &v in &adj[u] {
            if !seen[v] {
                seen[v] = true;
                queue.push_back(v);
            }
        }
    }
    seen
}

/// A flow network with residual capacities; arc `e` and its reverse `e ^ 1`.
struct Network {
    head: Vec<Vec<usize>>,
    to: Vec<usize>,
    cap: Vec<i64>,
    cost: Vec<i64>,
}

impl Network {
    fn new(nodes: usize) -> Self {
        Network { head: vec![Vec::new(); nodes], to: Vec::new(), cap: Vec::new(), cost: Vec::new() }
    }

    /// Adds arc u → v and its reverse; returns the forward arc's index.
    fn add(&mut self, u: usize, v: usize, cap: i64, cost: i64) -> usize {
        let e = self.to.len();
        self.head[u].push(e);
        self.to.push(v);
        self.cap.push(cap);
        self.cost.push(cost);
        self.head[v].push(e + 1);
        self.to.push(u);
        self.cap.push(0);
        self.cost.push(-cost);
        e
    }

    /// Pushes the maximum flow from `s` to `t` at minimum cost (all arc costs ≥ 0).
    fn min_cost_flow(&mut self, s: usize, t: usize) {
        let n = self.head.len();
        let mut potential = vec![0i64; n];
        loop {
            // Dense Dijkstra on reduced costs.
            let mut dist = vec![i64::MAX; n];
            let mut via = vec![usize::MAX; n];
            let mut done = vec![false; n];
            dist[s] = 0;
            loop {
                let mut u = usize::MAX;
                for v in 0..n {
                    if !done[v] && dist[v] != i64::MAX && (u == usize::MAX || dist[v] < dist[u]) {
                        u = v;
                    }
                }
                if u == usize::MAX {
                    break;
                }
                done[u] = true;
                for &e in &self.head[u] {
                    if self.cap[e] <= 0 {
                        continue;
                    }
                    let v = self.to[e];
                    let nd = dist[u] + self.cost[e] + potential[u] - potential[v];
                    if nd < dist[v] {
                        dist[v] = nd;
                        via[v] = e;
                    }
                }
            }
            if dist[t] == i64::MAX {
                return;
            }
            for v in 0..n {
                if dist[v] != i64::MAX {
                    potential[v] += dist[v];
                }
            }
            let mut push = i64::MAX;
            let mut v = t;
            while v != s {
                let e = via[v];
                push = push.min(self.cap[e]);
                v = self.to[e ^ 1];
            }
            let mut v = t;
            while v != s {
                let e = via[v];
                self.cap[e] -= push;
                self.cap[e ^ 1] += push;
                v = self.to[e ^ 1];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: u8, arrows: u8, t: CardType, atk: u8, pdef: u8, mdef: u8) -> CardRecord {
        CardRecord { slot: 0, id, arrows, atk, card_type: t, pdef, mdef, cpoint: None }
    }

    #[test]
    fn stat_growth_follows_the_cap_and_wraps_only_above_it() {
        assert_eq!(stat_growth(37, 38, 53), Some(1));
        assert_eq!(stat_growth(53, 53, 53), Some(0));
        assert_eq!(stat_growth(37, 54, 53), None, "past the cap");
        assert_eq!(stat_growth(38, 37, 53), None, "shrinking");
        // Edited to 250 with cap 53: 250 → 255 → 0 → 53; 54..249 unreachable.
        assert_eq!(stat_growth(250, 252, 53), Some(2));
        assert_eq!(stat_growth(250, 3, 53), Some(9));
        assert_eq!(stat_growth(250, 53, 53), Some(59));
        assert_eq!(stat_growth(250, 54, 53), None);
        assert_eq!(stat_growth(250, 249, 53), None);
    }

    #[test]
    fn types_only_move_forward() {
        use CardType::*;
        assert!(type_can_become(Physical, Flexible));
        assert!(type_can_become(Magic, Assault));
        assert!(type_can_become(Flexible, Assault));
        assert!(!type_can_become(Physical, Magic));
        assert!(!type_can_become(Assault, Flexible));
        assert!(!type_can_become(Flexible, Physical));
        assert!(type_can_become(Unknown(9), Unknown(9)));
        assert!(!type_can_become(Unknown(9), Assault));
    }

    #[test]
    fn identical_copies_one_of_which_grew_is_one_story() {
        // Goblin (caps 7/9/4): two identical copies, one grew; which slot it was in is no
        // identity (the game reorders the list), so the story is unique.
        let p = CardType::Physical;
        let old = [card(0, 1, p, 3, 4, 4), card(0, 1, p, 3, 4, 4)];
        let new = [card(0, 1, p, 3, 4, 4), card(0, 1, p, 4, 4, 4)];
        let m = match_cards(&old, &new);
        assert!(m.ambiguous.is_empty());
        assert_eq!(m.growth, 1);
        assert_eq!(m.pairs.len(), 2);
    }

    #[test]
    fn two_stories_of_equal_growth_are_ambiguous() {
        // Goblin caps 7/7/7. Before atk 3 and 4; after atk 4 and 5: either both grew by one,
        // or the 3 became 5 and the 4 stayed.
        let p = CardType::Physical;
        let old = [card(0, 1, p, 3, 4, 4), card(0, 1, p, 4, 4, 4)];
        let new = [card(0, 1, p, 4, 4, 4), card(0, 1, p, 5, 4, 4)];
        let m = match_cards(&old, &new);
        assert_eq!(m.ambiguous.len(), 1);
        assert_eq!((m.ambiguous[0].matched, m.ambiguous[0].growth), (2, 2));
        assert!(m.pairs.is_empty());
    }

    #[test]
    fn a_group_beyond_the_bound_is_reported_whole_without_solving() {
        // 200 distinct Ifrits (caps 100/150/17) with one mask on each side: 200 × 200 classes.
        let m = CardType::Magic;
        let old: Vec<CardRecord> =
            (0..200u8).map(|k| card(60, 3, m, k / 2, 75 + k % 2, 8)).collect();
        let new: Vec<CardRecord> =
            (0..200u8).map(|k| card(60, 3, m, k / 2, 75 + k % 2, 9)).collect();
        let r = match_cards(&old, &new);
        assert_eq!(r.ambiguous.len(), 1);
        assert!(r.ambiguous[0].too_large);
        assert_eq!((r.ambiguous[0].old.len(), r.ambiguous[0].new.len()), (200, 200));
        // 100 × 100 distinct classes is solved: each card's mdef +1 is the only story.
        let r = match_cards(&old[..100], &new[..100]);
        assert!(r.ambiguous.is_empty());
        assert_eq!((r.matched, r.growth), (100, 100));
    }
}
