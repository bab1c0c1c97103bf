// The packed blobs (cpp/packed_blob.h, packed by tools/generator/packed_blob.mjs): each family's unpacks
// to exactly its plain blob, which the family modules hold (both written by the generator), and a
// damaged one is refused. The index tests load every family from its packed form.
#include "packed_blob.h"

#include "test_support.h"

namespace ew::test {
namespace {

TEST(PackedBlob, EveryFamilyUnpacksToItsPlainBlob) {
  for (int family = 0; family < kFamilyCount; ++family) {
    Bytes plain = read_table_file(std::string(kFamilyNames[family]) + ".bin");
    Bytes packed = read_table_file(std::string(kFamilyNames[family]) + ".packed.bin");
    ASSERT_EQ(plain.size(), generated::kFamilyBlobSize[family]) << kFamilyNames[family];
    EXPECT_LT(packed.size(), plain.size()) << kFamilyNames[family];
    Bytes out(plain.size() + 8, 0xAA);
    ASSERT_TRUE(unpack_blob(packed.data(), packed.size(), out.data(), plain.size())) << kFamilyNames[family];
    EXPECT_TRUE(std::equal(plain.begin(), plain.end(), out.begin())) << kFamilyNames[family];
    // Nothing written past the blob's size.
    for (size_t i = plain.size(); i < out.size(); ++i)
      EXPECT_EQ(out[i], 0xAA) << kFamilyNames[family] << " " << i;
  }
}

TEST(PackedBlob, DamagedOrShortFormsAreRefusedOrDiffer) {
  Bytes plain = read_table_file("korean.bin");
  Bytes packed = read_table_file("korean.packed.bin");
  ASSERT_FALSE(packed.empty());
  Bytes out(plain.size());
  // A coded stream longer than the bytes there are.
  Bytes header_only = {0xFF, 0x7F};
  EXPECT_FALSE(unpack_blob(header_only.data(), header_only.size(), out.data(), out.size()));
  // Cut short: the rest decodes from zeros, and the result is not the blob.
  Bytes cut(packed.begin(), packed.begin() + static_cast<std::ptrdiff_t>(packed.size() / 2));
  if (unpack_blob(cut.data(), cut.size(), out.data(), out.size())) EXPECT_NE(out, plain);
  // One bit flipped in the coded stream: not the blob.
  Bytes flipped = packed;
  flipped[packed.size() / 4] ^= 0x10;
  if (unpack_blob(flipped.data(), flipped.size(), out.data(), out.size())) EXPECT_NE(out, plain);
  // A size that ends inside a token (the blob's last token is 2 bytes or more long, or the blob
  // less its last byte ends inside one) is refused rather than written past.
  size_t inside = plain.size() - 1;
  while (inside > 0 && !(plain[inside - 1] & 0x80)) --inside;
  ASSERT_GT(inside, 0u);
  EXPECT_FALSE(unpack_blob(packed.data(), packed.size(), out.data(), inside));
}

// What the combined module's ew_family_init does with its embedded blob (cpp/tables.cpp): a damaged or
// cut blob is refused (its checksum, or its tokens) and leaves the family unloaded, and loading the
// right one afterwards, with the same unpacking buffer, works.
TEST(PackedBlob, ADamagedBlobLeavesTheFamilyUnloadedAndLoadableFromTheRightOne) {
  // (ctest runs each test in a process of its own, in which nothing has loaded the family yet)
  ASSERT_FALSE(family_loaded(kKorean));
  Bytes packed = read_table_file("korean.packed.bin");
  Bytes flipped = packed;
  flipped[packed.size() / 4] ^= 0x10;
  EXPECT_FALSE(load_packed_family(kKorean, flipped.data(), flipped.size()));
  EXPECT_FALSE(load_packed_family(kKorean, packed.data(), packed.size() / 2));
  EXPECT_FALSE(load_packed_family(kKorean, packed.data(), 0));
  EXPECT_FALSE(family_loaded(kKorean));
  EXPECT_FALSE(tables_out_of_memory());
  EXPECT_TRUE(load_packed_family(kKorean, packed.data(), packed.size()));
  EXPECT_TRUE(family_loaded(kKorean));
}

}  // namespace
}  // namespace ew::test
