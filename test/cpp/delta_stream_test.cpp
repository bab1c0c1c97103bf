// The ranked stream's decoder (cpp/delta_stream.h) on token lists worked out by hand from the format
// tools/generator/delta_stream.mjs describes (test/tools/delta_stream.test.mjs encodes the same lists).
// The family tests check every real table against the index files.
#include "delta_stream.h"

#include <vector>

#include "test_support.h"

namespace ew::test {
namespace {

TEST(RankedStream, RanksTheSecondCursorAndRawSteps) {
  const uint8_t stream[] = {2, 0, 2, 6, 5, 1, 10, 9, 1, 2, 0x89, 1, 0x8e, 4};
  std::vector<uint64_t> used(0x30000 / 64);
  uint32_t out[10];
  EXPECT_EQ(expand_ranked_stream(stream, 10, used.data(), out), sizeof stream);
  const uint32_t expected[] = {1, 0, 2, 5, 3, 0x20005, 0x20001, 4, 1, 200};
  for (int i = 0; i < 10; ++i) EXPECT_EQ(out[i], expected[i]) << i;
  // The code points written are marked used; null marks nothing.
  for (uint32_t cp : {1u, 2u, 3u, 4u, 5u, 200u, 0x20001u, 0x20005u})
    EXPECT_TRUE(used[cp >> 6] >> (cp & 63) & 1) << cp;
  EXPECT_FALSE(used[0] & 1);
}

TEST(RankedStream, RanksAcrossWordsAndAgainstAnEarlierTable) {
  std::vector<uint64_t> used(0x10000 / 64);
  const uint8_t first[] = {124, 6, 5};
  uint16_t out[3];
  EXPECT_EQ(expand_ranked_stream(first, 3, used.data(), out), sizeof first);
  EXPECT_EQ(out[0], 62);
  EXPECT_EQ(out[1], 65);
  EXPECT_EQ(out[2], 63);
  const uint8_t second[] = {0x83, 1, 124, 2};
  EXPECT_EQ(expand_ranked_stream(second, 3, used.data(), out), sizeof second);
  EXPECT_EQ(out[0], 0);
  EXPECT_EQ(out[1], 64);
  EXPECT_EQ(out[2], 66);
}

}  // namespace
}  // namespace ew::test
