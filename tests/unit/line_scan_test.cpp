// Where a player's line ends, and when it is too long (docs/rules.md §4.2.1, §4.3).
#include "arbiter/process/line_scan.hpp"

#include <gtest/gtest.h>

#include <string>

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

using Kind = LineScan::Kind;

TEST(LineScan, WaitsForTheNewline) {
  EXPECT_EQ(scan_line("", 256).kind, Kind::NeedMore);
  EXPECT_EQ(scan_line("FFL", 256).kind, Kind::NeedMore);
  EXPECT_EQ(scan_line(std::string(256, 'F'), 256).kind, Kind::NeedMore);
}

TEST(LineScan, FindsTheFirstLine) {
  const LineScan scan = scan_line("FR\nT\n", 256);
  EXPECT_EQ(scan.kind, Kind::Line);
  EXPECT_EQ(scan.length, 2u);
  EXPECT_EQ(scan_line("\n", 256).length, 0u);  // an empty line is a line (the rules call it illegal)
}

TEST(LineScan, ALineOf256CharactersIsFine) {
  const LineScan scan = scan_line(std::string(256, 'F') + "\n", 256);
  EXPECT_EQ(scan.kind, Kind::Line);
  EXPECT_EQ(scan.length, 256u);
}

TEST(LineScan, The257thCharacterDecidesWithoutANewline) {
  const LineScan scan = scan_line(std::string(257, 'F'), 256);
  EXPECT_EQ(scan.kind, Kind::TooLong);
  EXPECT_EQ(scan.length, 257u);
  EXPECT_EQ(scan_line(std::string(257, 'F') + "\n", 256).kind, Kind::TooLong);
  EXPECT_EQ(scan_line(std::string(5000, 'x'), 256).kind, Kind::TooLong);
}

TEST(LineScan, ATolerated257thCarriageReturnWaitsForOneMore) {
  const std::string line = std::string(256, 'F') + "\r";
  EXPECT_EQ(scan_line(line, 256).kind, Kind::NeedMore);
  const LineScan ok = scan_line(line + "\n", 256);
  EXPECT_EQ(ok.kind, Kind::Line);
  EXPECT_EQ(ok.length, 257u);  // the '\r' stays for the rules to drop
  const LineScan bad = scan_line(line + "F", 256);
  EXPECT_EQ(bad.kind, Kind::TooLong);
  EXPECT_EQ(bad.length, 258u);
}

TEST(LineScan, SmallLimitsForTests) {
  EXPECT_EQ(scan_line("FFF", 2).kind, Kind::TooLong);
  EXPECT_EQ(scan_line("FF\n", 2).kind, Kind::Line);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
