//! Minimum-cost flow by successive shortest paths (`i64` costs): SPFA for the first path,
//! then Dijkstra on costs reduced by node potentials (Johnson), which stay non-negative.
//!
//! Every arc the planners add has capacity 1 and each augmentation pushes one unit, so the
//! k-th augmentation turns a minimum-cost (k−1)-unit flow into a minimum-cost k-unit flow
//! (the arcs first added must contain no negative cycle; the planners' graphs are DAGs).

/// One arc of the residual graph; arcs `2j` and `2j + 1` are a pair (forward, backward).
#[derive(Debug, Clone, Copy)]
struct Arc {
    to: usize,
    capacity: i32,
    cost: i64,
}

/// A flow network with unit augmentations.
#[derive(Debug, Clone, Default)]
pub struct FlowGraph {
    arcs: Vec<Arc>,
    out: Vec<Vec<usize>>,
    /// Node potentials from the last shortest-path search (empty before the first): every
    /// residual arc `u → v` reachable from the source has `cost + p[u] − p[v] ≥ 0`.
    potential: Vec<i64>,
}

/// Identifies an arc added by [`FlowGraph::add_arc`], to read its flow later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArcId(usize);

impl FlowGraph {
    /// An empty network with `nodes` nodes, numbered `0..nodes`.
    pub fn new(nodes: usize) -> Self {
        FlowGraph { arcs: Vec::new(), out: vec![Vec::new(); nodes], potential: Vec::new() }
    }

    /// Adds an arc `from → to` of this capacity and cost per unit.
    ///
    /// # Panics
    /// When `from` or `to` is not a node of the network (a programming error, never input).
    pub fn add_arc(&mut self, from: usize, to: usize, capacity: i32, cost: i64) -> ArcId {
        assert!(from < self.out.len() && to < self.out.len(), "arc to a missing node");
        self.potential.clear();
        let id = self.arcs.len();
        self.arcs.push(Arc { to, capacity, cost });
        self.arcs.push(Arc { to: from, capacity: 0, cost: -cost });
        self.out[from].push(id);
        self.out[to].push(id + 1);
        ArcId(id)
    }

    /// Units of flow on an arc.
    pub fn flow(&self, arc: ArcId) -> i32 {
        self.arcs[arc.0 ^ 1].capacity
    }

    /// Finds a cheapest residual path `source → sink` and pushes one unit along it.
    ///
    /// Returns the path's cost, or `None` when no path exists (or, defensively, when the
    /// residual graph has a negative cycle, which successive shortest paths never creates).
    /// With `stop_if_nonnegative`, a path of cost ≥ 0 is reported but not used.
    pub fn augment(
        &mut self,
        source: usize,
        sink: usize,
        stop_if_nonnegative: bool,
    ) -> Option<i64> {
        let (dist, via) =
            if self.potential.is_empty() { self.spfa(source)? } else { self.dijkstra(source) };
        // Shortest distances are valid potentials for the next search; nodes not reached
        // stay unreachable (new residual arcs only join nodes of the path), so theirs are kept.
        self.potential.resize(dist.len(), 0);
        for (p, &d) in self.potential.iter_mut().zip(&dist) {
            if d != i64::MAX {
                *p = d;
            }
        }
        if dist[sink] == i64::MAX {
            return None;
        }
        if stop_if_nonnegative && dist[sink] >= 0 {
            return Some(dist[sink]);
        }
        let mut v = sink;
        while v != source {
            let a = via[v];
            self.arcs[a].capacity -= 1;
            self.arcs[a ^ 1].capacity += 1;
            v = self.arcs[a ^ 1].to;
        }
        Some(dist[sink])
    }

    /// Shortest distances from `source` (`i64::MAX` when unreachable) and the arc into each
    /// node, by SPFA (negative costs allowed); `None` on a negative cycle.
    fn spfa(&self, source: usize) -> Option<(Vec<i64>, Vec<usize>)> {
        let n = self.out.len();
        let mut dist = vec![i64::MAX; n];
        let mut via = vec![usize::MAX; n];
        let mut queued = vec![false; n];
        let mut relaxed = vec![0usize; n];
        let mut queue = std::collections::VecDeque::with_capacity(n);
        dist[source] = 0;
        queue.push_back(source);
        queued[source] = true;
        while let Some(u) = queue.pop_front() {
            queued[u] = false;
            let du = dist[u];
            for &a in &self.out[u] {
                let arc = self.arcs[a];
                if arc.capacity <= 0 {
                    continue;
                }
                let d = du.saturating_add(arc.cost);
                if d < dist[arc.to] {
                    dist[arc.to] = d;
                    via[arc.to] = a;
                    if !queued[arc.to] {
                        relaxed[arc.to] += 1;
                        if relaxed[arc.to] > n {
                            return None; // negative cycle
                        }
                        queued[arc.to] = true;
                        queue.push_back(arc.to);
                    }
                }
            }
        }
        Some((dist, via))
    }

    /// The same as [`FlowGraph::spfa`] by Dijkstra on the reduced costs (all ≥ 0 thanks to
    /// the potentials); the distances returned are the true ones.
    fn dijkstra(&self, source: usize) -> (Vec<i64>, Vec<usize>) {
        use std::cmp::Reverse;
        let n = self.out.len();
        let p = &self.potential;
        let mut reduced = vec![i64::MAX; n];
        let mut via = vec![usize::MAX; n];
        let mut done = vec![false; n];
        let mut heap = std::collections::BinaryHeap::with_capacity(n);
        reduced[source] = 0;
        heap.push(Reverse((0i64, source)));
        while let Some(Reverse((d, u))) = heap.pop() {
            if done[u] {
                continue;
            }
            done[u] = true;
            for &a in &self.out[u] {
                let arc = self.arcs[a];
                if arc.capacity <= 0 || done[arc.to] {
                    continue;
                }
                let nd = d.saturating_add(arc.cost + p[u] - p[arc.to]);
                if nd < reduced[arc.to] {
                    reduced[arc.to] = nd;
                    via[arc.to] = a;
                    heap.push(Reverse((nd, arc.to)));
                }
            }
        }
        let dist = reduced
            .iter()
            .enumerate()
            .map(|(v, &r)| if r == i64::MAX { r } else { r - p[source] + p[v] })
            .collect();
        (dist, via)
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
}
