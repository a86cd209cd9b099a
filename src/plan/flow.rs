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

    /// Groups the arcs by tail (counting sort, stable: each node's arcs in the order added).
    fn build(&mut self) {
        let n = self.nodes;
        let mut start = vec![0u32; n + 1];
        for &f in &self.from {
            start[f as usize + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut next = start.clone();
        let mut adjacency = vec![0u32; self.arcs.len()];
        for (a, &f) in self.from.iter().enumerate() {
            adjacency[next[f as usize] as usize] = a as u32;
            next[f as usize] += 1;
        }
        self.start = start;
        self.adjacency = adjacency;
        self.dist = vec![i64::MAX; n];
        self.via = vec![u32::MAX; n];
        self.queued = vec![false; n];
        self.relaxed = vec![0; n];
        self.queue = vec![0; n.max(1)];
        self.potential.clear();
        self.done = vec![false; n];
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
}
