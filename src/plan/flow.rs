//! Minimum-cost flow by successive shortest paths (SPFA on the residual graph, `i64` costs).
//!
//! Every arc the planners add has capacity 1 and each augmentation pushes one unit, so the
//! k-th augmentation turns a minimum-cost (k−1)-unit flow into a minimum-cost k-unit flow
//! (the arcs first added must contain no negative cycle; the planners' graphs are DAGs).

use crate::model::CardRecord;

/// One arc of the residual graph; arcs `2j` and `2j + 1` are a pair (forward, backward).
#[derive(Debug, Clone, Copy)]
struct Arc {
    to: u32,
    capacity: i32,
    cost: i64,
}

/// A flow network with unit augmentations.
///
/// The arcs leaving each node are kept in one array (built at the first augmentation, in the
/// order they were added), and the shortest-path buffers are reused between augmentations.
#[derive(Debug, Clone, Default)]
pub struct FlowGraph {
    arcs: Vec<Arc>,
    /// The tail of every arc, by arc.
    from: Vec<u32>,
    nodes: usize,
    /// `adjacency[start[v]..start[v + 1]]`: the arcs leaving `v`; empty until built.
    start: Vec<u32>,
    adjacency: Vec<u32>,
    dist: Vec<i64>,
    via: Vec<u32>,
    queued: Vec<bool>,
    relaxed: Vec<u32>,
    queue: Vec<u32>,
    /// Node potentials after the first augmentation (Johnson): every residual arc's reduced
    /// cost `cost + potential[from] − potential[to]` is ≥ 0, so Dijkstra finds the next path.
    potential: Vec<i64>,
    done: Vec<bool>,
    heap: std::collections::BinaryHeap<std::cmp::Reverse<(i64, u32)>>,
}

/// Identifies an arc added by [`FlowGraph::add_arc`], to read its flow later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArcId(usize);

impl FlowGraph {
    /// An empty network with `nodes` nodes, numbered `0..nodes`.
    pub fn new(nodes: usize) -> Self {
        FlowGraph { nodes, ..FlowGraph::default() }
    }

    /// Adds an arc `from → to` of this capacity and cost per unit.
    ///
    /// # Panics
    /// When `from` or `to` is not a node of the network (a programming error, never input).
    pub fn add_arc(&mut self, from: usize, to: usize, capacity: i32, cost: i64) -> ArcId {
        assert!(from < self.nodes && to < self.nodes, "arc to a missing node");
        let id = self.arcs.len();
        self.arcs.push(Arc { to: to as u32, capacity, cost });
        self.arcs.push(Arc { to: from as u32, capacity: 0, cost: -cost });
        self.from.push(from as u32);
        self.from.push(to as u32);
        self.start.clear();
        ArcId(id)
    }

    /// Units of flow on an arc.
    pub fn flow(&self, arc: ArcId) -> i32 {
        self.arcs[arc.0 ^ 1].capacity
    }

    /// Empties the network and gives it `nodes` nodes, keeping its buffers' memory.
    pub fn reset(&mut self, nodes: usize) {
        self.nodes = nodes;
        self.arcs.clear();
        self.from.clear();
        self.start.clear();
        self.potential.clear();
    }

    /// Groups the arcs by tail (counting sort, stable: each node's arcs in the order added).
    fn build(&mut self) {
        fn refill<T: Clone>(v: &mut Vec<T>, len: usize, value: T) {
            v.clear();
            v.resize(len, value);
        }
        let n = self.nodes;
        refill(&mut self.start, n + 1, 0);
        for &f in &self.from {
            self.start[f as usize + 1] += 1;
        }
        for v in 0..n {
            self.start[v + 1] += self.start[v];
        }
        // `relaxed` serves as each node's next free place here.
        self.relaxed.clear();
        self.relaxed.extend_from_slice(&self.start[..n]);
        refill(&mut self.adjacency, self.arcs.len(), 0);
        for (a, &f) in self.from.iter().enumerate() {
            self.adjacency[self.relaxed[f as usize] as usize] = a as u32;
            self.relaxed[f as usize] += 1;
        }
        refill(&mut self.dist, n, i64::MAX);
        refill(&mut self.via, n, u32::MAX);
        refill(&mut self.queued, n, false);
        refill(&mut self.relaxed, n, 0);
        refill(&mut self.queue, n.max(1), 0);
        self.potential.clear();
        refill(&mut self.done, n, false);
    }

    /// Finds a cheapest residual path `source → sink` and pushes one unit along it.
    ///
    /// Returns the path's cost, or `None` when no path exists (or, defensively, when the
    /// residual graph has a negative cycle, which successive shortest paths never creates).
    /// With `stop_if_nonnegative`, a path of cost ≥ 0 is reported but not used.
    ///
    /// The first search is SPFA (the arcs may cost less than 0); its distances become node
    /// potentials, and every later search is Dijkstra on the reduced costs, stopped when the
    /// sink is reached.
    pub fn augment(
        &mut self,
        source: usize,
        sink: usize,
        stop_if_nonnegative: bool,
    ) -> Option<i64> {
        if self.start.is_empty() {
            self.build();
        }
        let cost = if self.potential.is_empty() {
            let cost = self.spfa(source, sink)?;
            // Unreachable nodes stay unreachable (new arcs only join reached nodes).
            self.potential = self.dist.iter().map(|&d| if d == i64::MAX { 0 } else { d }).collect();
            cost
        } else {
            self.dijkstra(source, sink)?
        };
        if stop_if_nonnegative && cost >= 0 {
            return Some(cost);
        }
        let mut v = sink;
        while v != source {
            let a = self.via[v] as usize;
            self.arcs[a].capacity -= 1;
            self.arcs[a ^ 1].capacity += 1;
            v = self.from[a] as usize;
        }
        Some(cost)
    }

    /// Dijkstra from `source` on reduced costs until `sink` is settled; updates the potentials
    /// (settled nodes by their distance, the others by the sink's) and returns the path's cost.
    fn dijkstra(&mut self, source: usize, sink: usize) -> Option<i64> {
        use std::cmp::Reverse;
        self.dist.fill(i64::MAX);
        self.done.fill(false);
        self.heap.clear();
        self.dist[source] = 0;
        self.heap.push(Reverse((0, source as u32)));
        while let Some(Reverse((du, u))) = self.heap.pop() {
            let u = u as usize;
            if self.done[u] {
                continue;
            }
            self.done[u] = true;
            if u == sink {
                break;
            }
            let pu = self.potential[u];
            for &a in &self.adjacency[self.start[u] as usize..self.start[u + 1] as usize] {
                let arc = self.arcs[a as usize];
                let to = arc.to as usize;
                if arc.capacity <= 0 || self.done[to] {
                    continue;
                }
                let d = du.saturating_add(arc.cost + pu - self.potential[to]);
                if d < self.dist[to] {
                    self.dist[to] = d;
                    self.via[to] = a;
                    self.heap.push(Reverse((d, to as u32)));
                }
            }
        }
        let reduced = self.dist[sink];
        if reduced == i64::MAX {
            return None;
        }
        for v in 0..self.nodes {
            self.potential[v] += if self.done[v] { self.dist[v] } else { reduced };
        }
        Some(self.potential[sink] - self.potential[source])
    }

    /// SPFA from `source` over all residual arcs (some may cost less than 0): `self.dist`
    /// and `self.via` for every reachable node, and the cost to `sink`.
    fn spfa(&mut self, source: usize, sink: usize) -> Option<i64> {
        let n = self.nodes;
        self.dist.fill(i64::MAX);
        self.queued.fill(false);
        self.relaxed.fill(0);
        // A ring of the queued nodes: each node is queued at most once at a time.
        let (mut head, mut len) = (0usize, 1usize);
        self.dist[source] = 0;
        self.queue[0] = source as u32;
        self.queued[source] = true;
        while len > 0 {
            let u = self.queue[head] as usize;
            head = if head + 1 == n { 0 } else { head + 1 };
            len -= 1;
            self.queued[u] = false;
            let du = self.dist[u];
            for &a in &self.adjacency[self.start[u] as usize..self.start[u + 1] as usize] {
                let arc = self.arcs[a as usize];
                if arc.capacity <= 0 {
                    continue;
                }
                let to = arc.to as usize;
                let d = du.saturating_add(arc.cost);
                if d < self.dist[to] {
                    self.dist[to] = d;
                    self.via[to] = a;
                    if !self.queued[to] {
                        self.relaxed[to] += 1;
                        if self.relaxed[to] as usize > n {
                            return None; // negative cycle
                        }
                        self.queued[to] = true;
                        let tail = head + len;
                        self.queue[if tail >= n { tail - n } else { tail }] = to as u32;
                        len += 1;
                    }
                }
            }
        }
        match self.dist[sink] {
            i64::MAX => None,
            cost => Some(cost),
        }
    }
}

/// The node numbering of the planners' networks (zero-loss and budgeted discards, Master
/// keepers): the source, the sink, then one node per card id and per arrow mask that takes
/// part, numbered in the order first named.
#[derive(Debug, Clone)]
pub struct IdMaskNodes {
    id: [u32; 256],
    mask: [u32; 256],
    count: usize,
}

impl Default for IdMaskNodes {
    fn default() -> Self {
        IdMaskNodes { id: [u32::MAX; 256], mask: [u32::MAX; 256], count: 2 }
    }
}

impl IdMaskNodes {
    /// The source.
    pub const SOURCE: usize = 0;
    /// The sink.
    pub const SINK: usize = 1;

    /// The node of card id `id`, numbered now when it has none.
    pub fn id(&mut self, id: u8) -> usize {
        Self::number(&mut self.id[id as usize], &mut self.count)
    }

    /// The node of arrow mask `mask`, numbered now when it has none.
    pub fn mask(&mut self, mask: u8) -> usize {
        Self::number(&mut self.mask[mask as usize], &mut self.count)
    }

    /// Nodes for the ids and masks of `cards` (ids 100 and up, which no card has, skipped),
    /// numbered in the cards' order.
    pub fn of_cards(cards: &[CardRecord]) -> Self {
        let mut nodes = Self::default();
        for card in cards.iter().filter(|c| c.id < 100) {
            nodes.id(card.id);
            nodes.mask(card.arrows);
        }
        nodes
    }

    /// The nodes numbered so far, the source and the sink included.
    pub fn count(&self) -> usize {
        self.count
    }

    fn number(slot: &mut u32, count: &mut usize) -> usize {
        if *slot == u32::MAX {
            *slot = *count as u32;
            *count += 1;
        }
        *slot as usize
    }
}

/// A candidate pair of a matching: a card joining card id `id` to arrow mask `mask`, with
/// its cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    /// The card id.
    pub id: u8,
    /// The arrow mask.
    pub mask: u8,
    /// The cost of choosing this edge.
    pub cost: i64,
}

/// A minimum-cost matching ids ↔ masks over `edges`, each edge chosen or not: each
/// connected component of the id–mask graph is solved alone by [`network_matching`] (a
/// component is a star, all its edges on one id or on one mask, is solved at once by
/// `star_choice`, which chooses the same).
///
/// A minimum-cost flow splits over the components (they share only the source and the
/// sink), so this is a minimum-cost matching of all the edges. Among equally cheap
/// matchings, the choice in one component never depends on the others' edges.
pub fn min_cost_matching(edges: &[Edge]) -> Vec<bool> {
    // Union–find over the 256 id and 256 mask vertices.
    fn root(parent: &mut [u16; 512], mut v: u16) -> u16 {
        while parent[v as usize] != v {
            parent[v as usize] = parent[parent[v as usize] as usize];
            v = parent[v as usize];
        }
        v
    }
    let mut parent: [u16; 512] = std::array::from_fn(|v| v as u16);
    for e in edges {
        let (a, b) = (root(&mut parent, e.id.into()), root(&mut parent, 256 + u16::from(e.mask)));
        parent[a.max(b) as usize] = a.min(b);
    }
    // The components, numbered by their first edge (at most 256: each holds an id), and
    // `order`: the edges by component, in the edges' order within each.
    let mut component_of_root = [u16::MAX; 512];
    let mut component = Vec::with_capacity(edges.len());
    let mut start = [0usize; 257];
    let mut components = 0;
    for e in edges {
        let r = root(&mut parent, e.id.into()) as usize;
        if component_of_root[r] == u16::MAX {
            component_of_root[r] = components;
            components += 1;
        }
        component.push(component_of_root[r] as usize);
        start[component_of_root[r] as usize + 1] += 1;
    }
    for c in 0..components as usize {
        start[c + 1] += start[c];
    }
    let mut next = start;
    let mut order = vec![0; edges.len()];
    for (i, &c) in component.iter().enumerate() {
        order[next[c]] = i;
        next[c] += 1;
    }
    let mut chosen = vec![false; edges.len()];
    let (mut part, mut part_chosen) = (Vec::new(), Vec::new());
    let mut network = Network::default();
    for c in 0..components as usize {
        let component = &order[start[c]..start[c + 1]];
        if let Some(best) = star_choice(edges, component) {
            if let Some(i) = best {
                chosen[i] = true;
            }
            continue;
        }
        part.clear();
        part.extend(component.iter().map(|&i| edges[i]));
        network.solve(&part, &mut part_chosen);
        for (&i, &c) in component.iter().zip(&part_chosen) {
            chosen[i] = c;
        }
    }
    chosen
}

/// A minimum-cost matching ids ↔ masks over `edges` by successive shortest paths on one
/// network (source → id → mask → sink, nodes and arcs in the edges' order), stopped at the
/// first path that costs ≥ 0. Returns whether each edge is chosen.
pub fn network_matching(edges: &[Edge]) -> Vec<bool> {
    let mut chosen = Vec::new();
    Network::default().solve(edges, &mut chosen);
    chosen
}

/// The network of [`network_matching`], its memory kept from one matching to the next.
#[derive(Default)]
struct Network {
    graph: FlowGraph,
    /// The id → mask arc of each edge.
    arcs: Vec<ArcId>,
}

impl Network {
    /// Solves [`network_matching`] for `edges` into `chosen`.
    fn solve(&mut self, edges: &[Edge], chosen: &mut Vec<bool>) {
        const SOURCE: usize = IdMaskNodes::SOURCE;
        const SINK: usize = IdMaskNodes::SINK;
        let mut nodes = IdMaskNodes::default();
        for e in edges {
            nodes.id(e.id);
            nodes.mask(e.mask);
        }
        let g = &mut self.graph;
        g.reset(nodes.count());
        // At most the source, the sink, 256 ids and 256 masks.
        let mut ends_added = [false; 514];
        self.arcs.clear();
        for e in edges {
            let (id, mask) = (nodes.id(e.id), nodes.mask(e.mask));
            for (end, from, to) in [(id, SOURCE, id), (mask, mask, SINK)] {
                if !std::mem::replace(&mut ends_added[end], true) {
                    g.add_arc(from, to, 1, 0);
                }
            }
            self.arcs.push(g.add_arc(id, mask, 1, e.cost));
        }
        while let Some(cost) = g.augment(SOURCE, SINK, true) {
            if cost >= 0 {
                break;
            }
        }
        chosen.clear();
        chosen.extend(self.arcs.iter().map(|&a| g.flow(a) > 0));
    }
}

/// The choice of [`network_matching`] in a component whose edges all share one id or all
/// share one mask (a star), or `None` for another component: the edge of least cost when it
/// costs less than 0 (`Some(None)` otherwise); among equals, the one whose other end (mask
/// or id) comes first in the edges' order, then the first edge.
///
/// That is the network's choice for the star alone: its centre takes one unit, by the first
/// path (SPFA, on a network without negative cycles) when that costs less than 0; the search
/// reaches the other ends in the order they first appear, each by its first cheapest edge,
/// and the sink from the first of the ends at the least distance.
fn star_choice(edges: &[Edge], component: &[usize]) -> Option<Option<usize>> {
    let first = edges[component[0]];
    let by_id = component.iter().all(|&i| edges[i].id == first.id);
    if !by_id && component.iter().any(|&i| edges[i].mask != first.mask) {
        return None;
    }
    let other_end = |e: &Edge| if by_id { e.mask } else { e.id };
    let least = component.iter().map(|&i| edges[i].cost).min()?;
    if least >= 0 {
        return Some(None);
    }
    // The other end that appears first among those with an edge of least cost.
    let mut cheapest = [false; 256];
    for &i in component.iter().filter(|&&i| edges[i].cost == least) {
        cheapest[other_end(&edges[i]) as usize] = true;
    }
    let end = component.iter().map(|&i| other_end(&edges[i])).find(|&v| cheapest[v as usize])?;
    Some(component.iter().copied().find(|&i| other_end(&edges[i]) == end && edges[i].cost == least))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_cheaper_path_first_and_reroutes_through_backward_arcs() {
        // s=0, a=1, b=2, t=3. Best single path s-a-b-t (cost 1+1+1 = 3 vs 1+5 / 5+1 = 6);
        // the second unit must undo a→b: total of two units = (s-a-t) + (s-b-t) = 12.
        let mut g = FlowGraph::new(4);
        let sa = g.add_arc(0, 1, 1, 1);
        let sb = g.add_arc(0, 2, 1, 5);
        let ab = g.add_arc(1, 2, 1, 1);
        let at = g.add_arc(1, 3, 1, 5);
        let bt = g.add_arc(2, 3, 1, 1);
        assert_eq!(g.augment(0, 3, false), Some(3));
        assert_eq!(g.augment(0, 3, false), Some(9));
        assert_eq!(g.augment(0, 3, false), None);
        assert_eq!([g.flow(sa), g.flow(sb), g.flow(ab), g.flow(at), g.flow(bt)], [1, 1, 0, 1, 1]);
    }

    #[test]
    fn stops_before_a_nonnegative_path_when_asked() {
        let mut g = FlowGraph::new(2);
        let cheap = g.add_arc(0, 1, 1, -4);
        let dear = g.add_arc(0, 1, 1, 2);
        assert_eq!(g.augment(0, 1, true), Some(-4));
        assert_eq!(g.augment(0, 1, true), Some(2));
        assert_eq!((g.flow(cheap), g.flow(dear)), (1, 0));
    }

    #[test]
    fn ids_and_masks_are_numbered_after_source_and_sink_once_each() {
        let mut nodes = IdMaskNodes::default();
        assert_eq!((nodes.id(7), nodes.mask(7), nodes.id(3), nodes.id(7)), (2, 3, 4, 2));
        assert_eq!(nodes.count(), 5);
    }

    #[test]
    fn dijkstra_after_the_first_path_matches_the_cheapest_paths_of_a_dag() {
        // Unit arcs with negative costs: s=0 → {1,2,3} → {4,5} → t=6. The k-unit minimum
        // costs are those of the k cheapest disjoint choices, found here by hand.
        let mut g = FlowGraph::new(7);
        for (v, c) in [(1, -5), (2, -3), (3, -4)] {
            g.add_arc(0, v, 1, c);
        }
        for (u, v, c) in [(1, 4, 0), (2, 4, -2), (2, 5, 1), (3, 5, 0), (1, 5, 3)] {
            g.add_arc(u, v, 1, c);
        }
        g.add_arc(4, 6, 1, -1);
        g.add_arc(5, 6, 1, 0);
        // 1st: s-1-4-t = -6. 2nd: s-3-5-t = -4 (s-2-4 is taken). Then no path to t is left.
        assert_eq!(g.augment(0, 6, false), Some(-6));
        assert_eq!(g.augment(0, 6, false), Some(-4));
        assert_eq!(g.augment(0, 6, false), None);
    }

    /// Random edges over few ids, masks and costs, so that equally cheap matchings abound.
    fn tied_edges(seed: u64, len: usize, ids: u64, masks: u64, costs: u64) -> Vec<Edge> {
        use crate::rules::creation::RangeRng;
        let mut rng = crate::game::sim::GameRng::new(seed, 0);
        let mut next = |n: u64| u64::from(rng.range(0, n as u32));
        (0..len)
            .map(|_| Edge {
                id: next(ids) as u8,
                mask: next(masks) as u8,
                cost: -(next(costs) as i64) - 1 + (next(8) == 0) as i64 * 4,
            })
            .collect()
    }

    /// The components of the id–mask graph as lists of edge indices, by relabelling until
    /// every edge's ends carry one label (the smallest edge index reaching them).
    fn components(edges: &[Edge]) -> Vec<Vec<usize>> {
        let mut label: Vec<usize> = (0..edges.len()).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..edges.len() {
                for j in 0..edges.len() {
                    let joined = edges[i].id == edges[j].id || edges[i].mask == edges[j].mask;
                    if joined && label[j] < label[i] {
                        label[i] = label[j];
                        changed = true;
                    }
                }
            }
        }
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..edges.len() {
            match groups.iter_mut().find(|g| label[g[0]] == label[i]) {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups
    }

    fn total(edges: &[Edge], chosen: &[bool]) -> i64 {
        edges.iter().zip(chosen).filter(|(_, &c)| c).map(|(e, _)| e.cost).sum()
    }

    fn is_matching(edges: &[Edge], chosen: &[bool]) -> bool {
        let (mut ids, mut masks) = ([false; 256], [false; 256]);
        edges.iter().zip(chosen).filter(|(_, &c)| c).all(|(e, _)| {
            !std::mem::replace(&mut ids[e.id as usize], true)
                && !std::mem::replace(&mut masks[e.mask as usize], true)
        })
    }

    #[test]
    fn each_component_is_chosen_as_its_own_network_chooses_even_among_ties() {
        let (mut stars, mut others) = (0, 0);
        for seed in 0..4000 {
            let len = 1 + (seed % 40) as usize;
            let (ids, masks) = (2 + seed % 23, 2 + (seed / 7) % 29);
            let edges = tied_edges(seed, len, ids, masks, 1 + seed % 4);
            let chosen = min_cost_matching(&edges);
            for component in components(&edges) {
                let part: Vec<Edge> = component.iter().map(|&i| edges[i]).collect();
                let alone: Vec<bool> = component.iter().map(|&i| chosen[i]).collect();
                assert_eq!(alone, network_matching(&part), "seed {seed}: {part:?}");
                let star = part.iter().all(|e| e.id == part[0].id)
                    || part.iter().all(|e| e.mask == part[0].mask);
                if part.len() > 1 {
                    *if star { &mut stars } else { &mut others } += 1;
                }
            }
        }
        // Both kinds of component are common (stars are solved without a network).
        assert!(stars > 1500 && others > 3000, "{stars} stars, {others} others");
    }

    #[test]
    fn the_matching_costs_the_least_of_all_matchings() {
        let mut brute_forced = 0;
        for seed in 0..4000 {
            let len = 1 + (seed % 40) as usize;
            let (ids, masks) = (2 + seed % 23, 2 + (seed / 7) % 29);
            let edges = tied_edges(seed, len, ids, masks, 1 + seed % 4);
            let chosen = min_cost_matching(&edges);
            assert!(is_matching(&edges, &chosen), "seed {seed}");
            let whole = network_matching(&edges);
            assert_eq!(total(&edges, &chosen), total(&edges, &whole), "seed {seed}");
            if len <= 12 {
                // Every subset of the edges that is a matching.
                let least = (0u32..1 << len)
                    .map(|set| (0..len).map(|i| set >> i & 1 == 1).collect::<Vec<bool>>())
                    .filter(|set| is_matching(&edges, set))
                    .map(|set| total(&edges, &set))
                    .min();
                assert_eq!(Some(total(&edges, &chosen)), least, "seed {seed}: {edges:?}");
                brute_forced += 1;
            }
        }
        assert!(brute_forced > 1000, "{brute_forced}");
    }

    #[test]
    fn a_lone_edge_is_chosen_only_when_it_costs_less_than_zero() {
        let e = |id, mask, cost| Edge { id, mask, cost };
        let edges = [e(1, 1, -3), e(2, 2, 0), e(3, 3, 5), e(4, 4, -1), e(4, 5, -2)];
        assert_eq!(network_matching(&edges), [true, false, false, false, true]);
        assert_eq!(min_cost_matching(&edges), [true, false, false, false, true]);
    }
}
