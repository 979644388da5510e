// prism and zserio write the same bytes for zserio's benchmark datasets: each JSON dataset read
// by prism and written as zserio must equal the blob that zserio's own runtime made from the same
// JSON (scripts/zserio_blobs.py, run by the zserio_reference_blobs test), and prism must read
// that blob back to the same value. Skipped where ../shared/datasets/zserio is absent.
#include <gtest/gtest.h>

#include <prism/json.hpp>
#include <prism/zserio.hpp>

#include <filesystem>
#include <string>

#include "support/io.hpp"
#include "data/zserio_models.hpp"

namespace {

using namespace zserio_models;

using testing_support::slurp;

template <class T, prism::options JsonOptions = prism::json::defaults>
void expect_same_bytes(const char* dataset, const char* blob_name, std::size_t expected_size) {
  const std::filesystem::path data_dir = PRISM_SHARED_ZSERIO_DIR;
  if (!std::filesystem::exists(data_dir / dataset)) GTEST_SKIP() << "no " << (data_dir / dataset);
#ifdef PRISM_ZSERIO_NO_RUNTIME
  GTEST_SKIP() << "zserio's runtime (Python's zserio package and java) was not found when configuring";
#endif
  const std::filesystem::path blob_path = std::filesystem::path(PRISM_ZSERIO_BLOBS) / blob_name;
  ASSERT_TRUE(std::filesystem::exists(blob_path)) << blob_path << " (made by the zserio_reference_blobs test)";
  const std::string blob = slurp(blob_path);
  EXPECT_EQ(blob.size(), expected_size);

  auto value = prism::read<prism::json, T, JsonOptions>(slurp(data_dir / dataset));
  ASSERT_TRUE(value) << value.error().message();
  auto bytes = prism::write<prism::zserio>(*value);
  ASSERT_TRUE(bytes) << bytes.error().message();
  EXPECT_EQ(bytes->size(), blob.size());
  EXPECT_TRUE(*bytes == blob) << "first difference at byte "
                              << (std::mismatch(bytes->begin(), bytes->end(), blob.begin(), blob.end()).first - bytes->begin());

  auto back = prism::read<prism::zserio, T>(blob);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_TRUE(*back == *value);
}

constexpr prism::options enum_names{.enums_as_strings = true};

}  // namespace

TEST(ZserioDatasets, Addressbook) { expect_same_bytes<addressbook::AddressBook<layout::plain>>("addressbook.json", "addressbook.blob", 305838); }
TEST(ZserioDatasets, AddressbookAlign) {
  expect_same_bytes<addressbook::AddressBook<layout::align>>("addressbook.json", "addressbook_align.blob", 311424);
}
TEST(ZserioDatasets, AddressbookPacked) {
  expect_same_bytes<addressbook::AddressBook<layout::packed>>("addressbook.json", "addressbook_packed.blob", 297619);
}
TEST(ZserioDatasets, Apollo) { expect_same_bytes<apollo::Map, enum_names>("apollo.zs.json", "apollo.blob", 226507); }
TEST(ZserioDatasets, Carsales) { expect_same_bytes<carsales::CarSales<layout::plain>>("carsales.json", "carsales.blob", 280340); }
TEST(ZserioDatasets, CarsalesAlign) {
  expect_same_bytes<carsales::CarSales<layout::align>>("carsales.json", "carsales_align.blob", 295965);
}
TEST(ZserioDatasets, CarsalesPacked) {
  expect_same_bytes<carsales::CarSales<layout::packed>>("carsales.json", "carsales_packed.blob", 273909);
}
TEST(ZserioDatasets, CarsalesSorted) {
  expect_same_bytes<carsales::CarSales<layout::plain>>("carsales_sorted.json", "carsales__carsales_sorted.blob", 281845);
}
TEST(ZserioDatasets, CarsalesSortedAlign) {
  expect_same_bytes<carsales::CarSales<layout::align>>("carsales_sorted.json", "carsales_align__carsales_sorted.blob", 297470);
}
TEST(ZserioDatasets, CarsalesSortedPacked) {
  expect_same_bytes<carsales::CarSales<layout::packed>>("carsales_sorted.json", "carsales_packed__carsales_sorted.blob", 262546);
}
TEST(ZserioDatasets, Simpletrace) {
  expect_same_bytes<simpletrace::SimpleTrace<layout::plain>>("prague-groebenzell.json", "simpletrace.blob", 87042);
}
TEST(ZserioDatasets, SimpletracePacked) {
  expect_same_bytes<simpletrace::SimpleTrace<layout::packed>>("prague-groebenzell.json", "simpletrace_packed.blob", 40266);
}
