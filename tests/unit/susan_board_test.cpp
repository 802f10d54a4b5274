// Susan's board (docs/susan-rules.md §1): 61 cells in rows a..i, their names, and neighbours as
// the seed counts them: six inside, four on an edge, three at a corner.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "../../players/susan/susan_rules.hpp"
#include "amazes/susan/board.hpp"

namespace amazes::susan {
namespace AMAZES_FILE_NAMESPACE {

std::vector<std::string> neighbour_names(const std::string& name) {
  std::vector<std::string> names;
  for (const Cell cell : neighbours(*parse_cell(name))) names.push_back(cell_name(cell));
  std::sort(names.begin(), names.end());
  return names;
}

TEST(SusanBoard, SixtyOneCellsNamedByRowAndNumber) {
  for (int i = 0; i < kCellCount; ++i) {
    const Cell cell{i};
    EXPECT_EQ(parse_cell(cell_name(cell)), cell) << i;
  }
  EXPECT_EQ(cell_name(Cell{0}), "a1");
  EXPECT_EQ(cell_name(Cell{4}), "a5");
  EXPECT_EQ(cell_name(Cell{26}), "e1");
  EXPECT_EQ(cell_name(Cell{34}), "e9");
  EXPECT_EQ(cell_name(Cell{60}), "i5");
  for (const char* bad : {"a6", "e0", "e10", "i6", "j1", "A1", "e", "", "e3x", " e3", "d9"}) {
    EXPECT_EQ(parse_cell(bad), std::nullopt) << bad;
  }
}

TEST(SusanBoard, InnerCellsHaveSixNeighboursEdgesFourCornersThree) {
  std::map<std::size_t, int> cells_by_count;
  for (int i = 0; i < kCellCount; ++i) ++cells_by_count[neighbours(Cell{i}).size()];
  // The six corners, the other 18 of the 24 edge cells, the 37 inside.
  EXPECT_EQ(cells_by_count, (std::map<std::size_t, int>{{3, 6}, {4, 18}, {6, 37}}));
  for (const char* corner : {"a1", "a5", "e1", "e9", "i1", "i5"}) {
    EXPECT_EQ(neighbours(*parse_cell(corner)).size(), 3U) << corner;
  }
}

TEST(SusanBoard, NeighbourhoodIsSymmetric) {
  for (int i = 0; i < kCellCount; ++i) {
    for (const Cell next : neighbours(Cell{i})) {
      const auto back = neighbours(next);
      EXPECT_NE(std::find(back.begin(), back.end(), Cell{i}), back.end()) << cell_name(Cell{i});
    }
  }
}

// The readings of the missing figure checked against the seed's text: its example slides f2-e3,
// and in its "defended" example d2 is next to e3.
TEST(SusanBoard, RowsMeetAsTheSeedsExamplesNeedThem) {
  EXPECT_EQ(neighbour_names("a1"), (std::vector<std::string>{"a2", "b1", "b2"}));
  EXPECT_EQ(neighbour_names("f2"), (std::vector<std::string>{"e2", "e3", "f1", "f3", "g1", "g2"}));
  EXPECT_EQ(neighbour_names("e3"), (std::vector<std::string>{"d2", "d3", "e2", "e4", "f2", "f3"}));
  EXPECT_EQ(neighbour_names("d4"), (std::vector<std::string>{"c3", "c4", "d3", "d5", "e4", "e5"}));
  EXPECT_EQ(neighbour_names("e1"), (std::vector<std::string>{"d1", "e2", "f1"}));
  EXPECT_EQ(neighbour_names("i5"), (std::vector<std::string>{"h5", "h6", "i4"}));
  EXPECT_EQ(neighbour_names("h1"), (std::vector<std::string>{"g1", "g2", "h2", "i1"}));
}

// The sample bots carry their own copy of the board (a bot links nothing of the judge's): the
// same cells, names and neighbours.
TEST(SusanBoard, TheBotsCopyOfTheBoardIsTheSame) {
  for (int i = 0; i < kCellCount; ++i) {
    EXPECT_EQ(susan_bot::cell_name(i), cell_name(Cell{i}));
    std::vector<int> ours;
    for (const Cell cell : neighbours(Cell{i})) ours.push_back(cell.index);
    std::vector<int> theirs = susan_bot::neighbours()[static_cast<std::size_t>(i)];
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    EXPECT_EQ(theirs, ours) << cell_name(Cell{i});
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::susan
