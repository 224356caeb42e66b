//! Tarjan's low points, for the connectivity rule's articulation points.

/// A node on the depth-first stack, with its `(neighbour, edge id)` list as a range of the
/// arena (`start..end`, looked at up to `next`).
struct Frame {
    node: usize,
    start: usize,
    next: usize,
    end: usize,
}

/// "Not visited" in [`Lowpoints`].
pub(super) const UNSEEN: u32 = u32::MAX;

/// A depth-first search from `root` with Tarjan's low points: `low[v]` is the earliest
/// discovery time reachable from v's subtree by one edge other than the one v was entered by.
/// A subtree whose low point is not before its parent's discovery hangs on the parent alone
/// (an articulation point).
pub(super) struct Lowpoints {
    pub disc: Vec<u32>,
    pub low: Vec<u32>,
    /// Per node: its parent and the edge id it was entered by.
    pub parent: Vec<Option<(usize, usize)>>,
    /// The nodes reached, in post-order (children before parents).
    pub post: Vec<usize>,
}

impl Lowpoints {
    /// Searches a graph of `n` nodes whose adjacency `neighbours(v, out)` appends as
    /// `(node, edge id)` (iteratively: boards have thousands of nodes).
    pub fn new(n: usize, root: usize, mut neighbours: impl FnMut(usize, &mut Vec<(usize, usize)>)) -> Self {
        let mut g =
            Lowpoints { disc: vec![UNSEEN; n], low: vec![0; n], parent: vec![None; n], post: Vec::new() };
        let mut time = 0;
        let mut stack: Vec<Frame> = Vec::new();
        // The neighbour lists of the nodes on the stack, end to end (one allocation).
        let mut arena: Vec<(usize, usize)> = Vec::new();
        let mut visit =
            |v: usize, g: &mut Lowpoints, stack: &mut Vec<Frame>, arena: &mut Vec<(usize, usize)>| {
                g.disc[v] = time;
                g.low[v] = time;
                time += 1;
                let start = arena.len();
                neighbours(v, arena);
                stack.push(Frame { node: v, start, next: start, end: arena.len() });
            };
        visit(root, &mut g, &mut stack, &mut arena);
        while let Some(top) = stack.last_mut() {
            let v = top.node;
            if top.next < top.end {
                let (next, e) = arena[top.next];
                top.next += 1;
                if g.disc[next] == UNSEEN {
                    g.parent[next] = Some((v, e));
                    visit(next, &mut g, &mut stack, &mut arena);
                } else if g.parent[v].is_none_or(|(_, pe)| pe != e) {
                    g.low[v] = g.low[v].min(g.disc[next]);
                }
                continue;
            }
            // Its children's lists are gone already: its own is the last in the arena.
            arena.truncate(top.start);
            stack.pop();
            g.post.push(v);
            if let Some((p, _)) = g.parent[v] {
                g.low[p] = g.low[p].min(g.low[v]);
            }
        }
        g
    }
}
