// The blossoms of the matching (blossom_algorithm.hpp): an edge that closes one or an augmenting
// path, shrinking, augmenting along a path, and expanding; the search is in weighted_matching.cpp.
#include "pairing/blossom_algorithm.hpp"

#include <algorithm>
#include <utility>

namespace amazes::competition::blossom {

// A tight edge between S-vertices of different nodes: within one tree it closes a blossom, which
// is shrunk; between two trees it closes an augmenting path.
void BlossomAlgorithm::tight_s_edge(int x, int y) {
  const int base_node = nearest_common_s_node(x, y);
  if (base_node == -1) {
    augment(x, y);
  } else {
    shrink(base_node, x, y);
  }
}

// Walks up both trees in turns; the first S-node reached from both sides is the new blossom's
// base, -1 when the trees differ (their roots are reached first).
int BlossomAlgorithm::nearest_common_s_node(int x, int y) {
  std::vector<int> visited;
  int side[2] = {outer_[x], outer_[y]};
  int found = -1;
  for (int turn = 0; found == -1 && (side[0] != -1 || side[1] != -1); turn ^= 1) {
    int& node = side[turn];
    if (node == -1) continue;
    if (marked_[node]) {
      found = node;
      break;
    }
    marked_[node] = 1;
    visited.push_back(node);
    node = label_from_[node] == -1 ? -1 : outer_[label_from_[outer_[label_from_[node]]]];
  }
  for (const int node : visited) marked_[node] = 0;
  return found;
}

// Shrinking the cycle base_node → … → outer_[x] — (x, y) — outer_[y] → … → base_node into an
// S-blossom.
void BlossomAlgorithm::shrink(int base_node, int x, int y) {
  const int blossom = unused_blossoms_.back();
  unused_blossoms_.pop_back();
  std::vector<int> x_side;  // outer_[x] up to base_node, without it
  for (int node = outer_[x]; node != base_node; node = outer_[label_from_[node]]) x_side.push_back(node);
  std::vector<int> y_side;
  for (int node = outer_[y]; node != base_node; node = outer_[label_from_[node]]) y_side.push_back(node);

  std::vector<int>& children = children_[blossom];
  std::vector<std::pair<int, int>>& cycle = cycle_[blossom];
  children.assign(1, base_node);
  for (auto node = x_side.rbegin(); node != x_side.rend(); ++node) {
    children.push_back(*node);
    cycle.emplace_back(label_from_[*node], label_to_[*node]);  // from its tree parent, the previous child
  }
  cycle.emplace_back(x, y);
  for (const int node : y_side) {
    children.push_back(node);
    cycle.emplace_back(label_to_[node], label_from_[node]);  // to its tree parent, the next child
  }

  base_[blossom] = base_[base_node];
  parent_[blossom] = -1;
  z_[blossom] = 0;
  for (const int child : children) {
    parent_[child] = blossom;
    const bool was_t = label_[child] == Label::kT;
    for_each_vertex(child, [&](int v) {
      outer_[v] = blossom;
      if (was_t) queue_.push_back(v);  // T-vertices become S-vertices
    });
  }
  label_[blossom] = Label::kS;
  label_from_[blossom] = label_from_[base_node];
  label_to_[blossom] = label_to_[base_node];
  tree_[blossom] = tree_[base_node];
  collect_s_neighbours(blossom, true);
}

// An S-node's least-slack edge to each other S-node (best_s_s_ is the least of them). A new
// blossom takes them from its children's lists where they have one, else from all edges of
// their vertices; edges to vertices that become S-vertices later are found when those are
// scanned.
void BlossomAlgorithm::collect_s_neighbours(int node, bool from_children) {
  std::vector<int> reached;
  auto consider = [&](int edge) {
    int far = outer_[end_a_[edge]];
    if (far == node) far = outer_[end_b_[edge]];
    if (far == node || label_[far] != Label::kS) return;
    if (scratch_best_[far] == -1) {
      reached.push_back(far);
      scratch_best_[far] = edge;
    } else if (slack(edge) < slack(scratch_best_[far])) {
      scratch_best_[far] = edge;
    }
  };
  auto consider_all_edges = [&](int part) {
    for_each_vertex(part, [&](int v) {
      for (int k = first_edge_[v]; k < first_edge_[v + 1]; ++k) consider(incident_[k]);
    });
  };
  if (from_children) {
    for (const int child : children_[node]) {
      if (has_s_neighbours_[child]) {
        for (const int edge : s_neighbours_[child]) consider(edge);
        s_neighbours_[child].clear();
        has_s_neighbours_[child] = 0;
      } else {
        consider_all_edges(child);
      }
    }
  } else {
    consider_all_edges(node);
  }
  std::vector<int>& list = s_neighbours_[node];
  list.clear();
  best_s_s_[node] = -1;
  for (const int far : reached) {
    list.push_back(scratch_best_[far]);
    keep_best_s_s(node, scratch_best_[far]);
    scratch_best_[far] = -1;
  }
  has_s_neighbours_[node] = 1;
}

// Augmentation along root_x → … → x — y → … → root_y: each side's matched and unmatched edges
// swap, and each blossom on the path is rotated to its new base. The two trees fall apart; the
// others are kept.
void BlossomAlgorithm::augment(int x, int y) {
  const int trees[2] = {tree_[outer_[x]], tree_[outer_[y]]};
  for (auto [from, to] : {std::pair(x, y), std::pair(y, x)}) {
    int node = outer_[from];
    while (true) {
      const int t_vertex = label_from_[node];  // the old mate of the node's base, -1 at the root
      rotate_base(node, from);
      mate_[from] = to;
      if (t_vertex == -1) break;
      const int t_node = outer_[t_vertex];
      const int s_vertex = label_from_[t_node];
      const int entry = label_to_[t_node];
      rotate_base(t_node, entry);
      mate_[entry] = s_vertex;
      from = s_vertex;
      to = entry;
      node = outer_[s_vertex];
    }
  }
  release_trees(trees[0], trees[1]);
}

// Makes `vertex` the base of `node` (its mate outside is set by the caller): along the even path
// of the cycle from the child holding it to the base child, unmatched edges become matched and
// matched ones unmatched; then the cycle starts at that child. Children on the path are rotated
// in turn (a work list, not recursion: blossoms nest up to n/2 deep).
void BlossomAlgorithm::rotate_base(int node, int vertex) {
  std::vector<std::pair<int, int>> work{{node, vertex}};
  while (!work.empty()) {
    const auto [blossom, new_base] = work.back();
    work.pop_back();
    if (!is_blossom(blossom)) continue;
    int holder = new_base;
    while (parent_[holder] != blossom) holder = parent_[holder];
    std::vector<int>& children = children_[blossom];
    std::vector<std::pair<int, int>>& cycle = cycle_[blossom];
    const int k = static_cast<int>(children.size());
    const int j = static_cast<int>(std::find(children.begin(), children.end(), holder) - children.begin());
    work.emplace_back(holder, new_base);
    auto match = [&](int i) {  // cycle edge i joins children i and i+1
      const auto [a, b] = cycle[i];
      work.emplace_back(children[i], a);
      work.emplace_back(children[(i + 1) % k], b);
      mate_[a] = b;
      mate_[b] = a;
    };
    // The cycle's edges alternate from the base child: edge 0 unmatched, edge 1 matched, …,
    // edge k-1 unmatched. From an odd j the even path runs forwards, from an even j backwards.
    if (j % 2 == 1) {
      for (int i = j + 1; i < k; i += 2) match(i);
    } else {
      for (int i = j - 2; i >= 0; i -= 2) match(i);
    }
    std::rotate(children.begin(), children.begin() + j, children.end());
    std::rotate(cycle.begin(), cycle.begin() + j, cycle.end());
    base_[blossom] = new_base;
  }
}

// After an augmentation the nodes of its two trees become free, their blossoms with z = 0 are
// expanded (Galil's end of a stage, here for these trees only), and every least slack that ended
// at one of their S-vertices is found again.
void BlossomAlgorithm::release_trees(int tree_a, int tree_b) {
  std::vector<int> released;  // top-level nodes
  for (int node = 0; node < 2 * n_; ++node) {
    if (parent_[node] != -1 || (is_blossom(node) && children_[node].empty())) continue;
    if (label_[node] != Label::kFree && (tree_[node] == tree_a || tree_[node] == tree_b)) released.push_back(node);
  }
  std::vector<int> vertices;
  for (const int node : released) {
    unlabel(node);
    for_each_vertex(node, [&](int v) { vertices.push_back(v); });
  }
  for (std::size_t k = 0; k < released.size(); ++k) {
    const int node = released[k];
    if (!is_blossom(node) || z_[node] != 0) continue;
    for (const int child : children_[node]) {
      parent_[child] = -1;
      unlabel(child);
      for_each_vertex(child, [&](int v) { outer_[v] = child; });
      released.push_back(child);
    }
    free_blossom(node);
  }
  std::vector<int> stale_vertices;
  std::vector<int> stale_nodes;
  for (const int v : vertices) {
    for (int k = first_edge_[v]; k < first_edge_[v + 1]; ++k) {
      const int e = incident_[k];
      const int w = other(e, v);
      const int node_w = outer_[w];
      if (label_[node_w] == Label::kS) {
        if (best_s_s_[node_w] == e) stale_nodes.push_back(node_w);
      } else if (best_to_s_[w] == e) {
        stale_vertices.push_back(w);
      }
    }
  }
  for (const int v : vertices) recompute_best_to_s(v);
  for (const int w : stale_vertices) recompute_best_to_s(w);
  for (const int node : stale_nodes) collect_s_neighbours(node, false);
}

// Expanding a T-blossom whose z fell to 0: its children become top-level nodes; those on the
// even path from the entered child to the base child keep the tree alternating (T, S, …, T), the
// others become free.
void BlossomAlgorithm::expand_t_blossom(int blossom) {
  const int s_vertex = label_from_[blossom];
  const int entry = label_to_[blossom];
  const int tree = tree_[blossom];
  int holder = entry;
  while (parent_[holder] != blossom) holder = parent_[holder];
  const std::vector<int> children = std::move(children_[blossom]);
  const std::vector<std::pair<int, int>> cycle = std::move(cycle_[blossom]);
  const int k = static_cast<int>(children.size());
  const int j = static_cast<int>(std::find(children.begin(), children.end(), holder) - children.begin());
  for (const int child : children) {
    parent_[child] = -1;
    unlabel(child);
    for_each_vertex(child, [&](int v) { outer_[v] = child; });
  }
  label_t(holder, s_vertex, entry, tree);
  if (j % 2 == 1) {
    for (int i = j; i < k; i += 2) {
      label_s(children[i + 1], cycle[i].first, cycle[i].second, tree);  // matched edge: T child → S child
      label_t(children[(i + 2) % k], cycle[i + 1].first, cycle[i + 1].second, tree);
    }
  } else {
    for (int i = j; i > 0; i -= 2) {
      label_s(children[i - 1], cycle[i - 1].second, cycle[i - 1].first, tree);
      label_t(children[i - 2], cycle[i - 2].second, cycle[i - 2].first, tree);
    }
  }
  free_blossom(blossom);
}

void BlossomAlgorithm::free_blossom(int blossom) {
  children_[blossom].clear();
  cycle_[blossom].clear();
  parent_[blossom] = -1;
  base_[blossom] = -1;
  z_[blossom] = 0;
  unlabel(blossom);
  unused_blossoms_.push_back(blossom);
}

}  // namespace amazes::competition::blossom
