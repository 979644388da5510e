// Eigen and xtensor tensors through prism: written directly, read back as copies (into either
// storage order), read as zero-copy views wrapped by Eigen::Map / xt::adapt, in every format
// with tensors.
#include <gtest/gtest.h>

#include <prism/adapters/eigen.hpp>
#include <prism/adapters/xtensor.hpp>
#include <prism/beve.hpp>
#include <prism/cbor.hpp>
#include <prism/json.hpp>
#include <prism/msgpack.hpp>
#include <prism/pack.hpp>
#include <prism/zbin.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace adapters_test_types {

using dynamic_matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic>;  // column-major
using row_matrix = Eigen::Matrix<float, 3, 4, Eigen::RowMajor>;

struct Robot {
  std::string name;
  dynamic_matrix covariance;
  row_matrix transform;
  Eigen::Vector3d position;
  xt::xtensor<float, 3> image;
  xt::xtensor<std::int32_t, 2, xt::layout_type::column_major> grid;
};

Robot make_robot(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> d(0, 10);
  Robot r;
  r.name = "robot " + std::to_string(seed);
  r.covariance = dynamic_matrix(static_cast<Eigen::Index>(rng() % 6), static_cast<Eigen::Index>(rng() % 6));
  for (Eigen::Index i = 0; i < r.covariance.size(); ++i) r.covariance.data()[i] = d(rng);
  for (Eigen::Index i = 0; i < r.transform.size(); ++i) r.transform.data()[i] = static_cast<float>(d(rng));
  r.position = {d(rng), d(rng), d(rng)};
  r.image = xt::xtensor<float, 3>::from_shape({rng() % 4, rng() % 5, 3});
  // Through data(): xtensor's own iterators compute an end pointer past null on empty tensors.
  for (std::size_t i = 0; i < r.image.size(); ++i) r.image.data()[i] = static_cast<float>(d(rng));
  r.grid = xt::xtensor<std::int32_t, 2, xt::layout_type::column_major>::from_shape({rng() % 7, 2});
  for (std::size_t i = 0; i < r.grid.size(); ++i) r.grid.data()[i] = static_cast<std::int32_t>(rng());
  return r;
}

template <class Array>
void expect_same_storage(const Array& a, const Array& b) {
  ASSERT_TRUE(std::equal(a.shape().begin(), a.shape().end(), b.shape().begin(), b.shape().end()));
  EXPECT_TRUE(std::equal(a.data(), a.data() + a.size(), b.data(), b.data() + b.size()));
}

void expect_same(const Robot& a, const Robot& b) {
  EXPECT_EQ(a.name, b.name);
  ASSERT_EQ(a.covariance.rows(), b.covariance.rows());
  ASSERT_EQ(a.covariance.cols(), b.covariance.cols());
  EXPECT_TRUE(a.covariance == b.covariance);
  EXPECT_TRUE(a.transform == b.transform);
  EXPECT_TRUE(a.position == b.position);
  expect_same_storage(a.image, b.image);
  expect_same_storage(a.grid, b.grid);
}

}  // namespace adapters_test_types

using namespace adapters_test_types;

template <class F>
class Adapters : public ::testing::Test {};
using adapter_formats = ::testing::Types<prism::msgpack, prism::cbor, prism::beve, prism::json, prism::zbin, prism::pack>;
TYPED_TEST_SUITE(Adapters, adapter_formats);

TYPED_TEST(Adapters, RoundTripsEqual) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Robot original = make_robot(seed);
    const std::string bytes = prism::write<TypeParam>(original).value();
    Robot back;
    const auto st = prism::read<TypeParam>(back, bytes);
    ASSERT_TRUE(st) << "seed " << seed << ": " << st.error().message();
    expect_same(back, original);
  }
}

TYPED_TEST(Adapters, TheWireFormIsTheTensorsInStorageOrder) {
  dynamic_matrix m(2, 3);
  m << 1, 2, 3, 4, 5, 6;
  const std::string bytes = prism::write<TypeParam>(m).value();
  prism::tensor<double, 2> t;
  ASSERT_TRUE(prism::read<TypeParam>(t, bytes));
  EXPECT_EQ(t.order(), prism::memory_order::column_major);
  EXPECT_EQ(t.shape(), (std::array<std::size_t, 2>{2, 3}));
  EXPECT_EQ(t(1, 2), 6.0);
  EXPECT_EQ(t(0, 1), 2.0);
  // Row-major data into a column-major matrix: transposed while copying.
  prism::tensor<double, 2> rows({2, 2}, prism::memory_order::row_major);
  rows(0, 1) = 7.0;
  rows(1, 0) = -1.0;
  dynamic_matrix back;
  ASSERT_TRUE(prism::read<TypeParam>(back, prism::write<TypeParam>(rows).value()));
  EXPECT_EQ(back(0, 1), 7.0);
  EXPECT_EQ(back(1, 0), -1.0);
  // A fixed-size matrix takes only its own shape.
  row_matrix fixed;
  const auto wrong = prism::read<TypeParam>(fixed, prism::write<TypeParam>(Eigen::MatrixXf(Eigen::MatrixXf::Zero(2, 3))).value());
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, prism::errc::size_mismatch);
}

TEST(AdapterViews, EigenMapAndXtAdaptPointIntoTheMessage) {
  Robot r = make_robot(5);
  r.covariance = dynamic_matrix::Random(4, 3);
  const std::string bytes = prism::write<prism::zbin>(r).value();
  std::vector<std::uint64_t> storage(bytes.size() / 8 + 1);  // 8-byte aligned: zbin's data lands aligned
  std::memcpy(storage.data(), bytes.data(), bytes.size());
  const std::string_view message(reinterpret_cast<const char*>(storage.data()), bytes.size());
  const auto v = prism::view<prism::zbin>(message);

  const auto cov = v["covariance"].as_tensor<double, 2>();
  ASSERT_TRUE(cov);
  EXPECT_TRUE(cov->zero_copy()) << cov->why();
  const auto map = prism::eigen::map(cov->view());
  EXPECT_TRUE(map == r.covariance);
  EXPECT_GE(reinterpret_cast<const char*>(map.data()), message.data());
  EXPECT_LT(reinterpret_cast<const char*>(map.data()), message.data() + message.size());

  const auto transform = v["transform"].as_tensor<float, 2>();
  ASSERT_TRUE(transform);
  EXPECT_TRUE(prism::eigen::map(transform->view()) == r.transform);  // row-major through strides

  const auto grid = v["grid"].as_tensor<std::int32_t, 2>();
  ASSERT_TRUE(grid);
  EXPECT_EQ(prism::xtensor::adapt(grid->view()), r.grid);
  const auto image = v["image"].as_tensor<float, 3>();
  ASSERT_TRUE(image);
  EXPECT_EQ(prism::xtensor::adapt(image->view()), r.image);
}

TEST(AdapterViews, XtensorReadsEitherLayout) {
  xt::xtensor<double, 2> rows = {{1, 2, 3}, {4, 5, 6}};
  xt::xtensor<double, 2, xt::layout_type::column_major> columns;
  ASSERT_TRUE(prism::read<prism::cbor>(columns, prism::write<prism::cbor>(rows).value()));
  EXPECT_EQ(columns(1, 2), 6.0);
  EXPECT_EQ(columns(0, 1), 2.0);
  EXPECT_EQ(columns.data()[1], 4.0);  // stored column by column
}
